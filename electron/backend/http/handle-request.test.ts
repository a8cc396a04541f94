import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/errors';
import { notFound, segmentInUse } from '../errors';
import { detail, face, json } from './test-support/wire';
import { bodyText } from './wire-response';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NO_HEADER =
  'You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Try logging in at /auth/simple/login';

describe('authentication', () => {
  it.each([
    ['no header', null],
    ['an empty header', ''],
  ])('answers %s with AuthenticationRequired and the login hint', async (_case, token) => {
    const response = await face().send('GET', '/api/admin/segments', { token });
    expect(response.status).toBe(401);
    const body = json(response);
    expect(body).toMatchObject({
      name: 'AuthenticationRequired',
      message: NO_HEADER,
      details: [{ message: NO_HEADER }],
      path: '/auth/simple/login',
      type: 'password',
      defaultHidden: false,
    });
    expect(body.id).toMatch(UUID);
  });

  it('answers a wrong token with UnauthorizedError', async () => {
    const response = await face().send('POST', '/api/admin/segments', { token: 'nope', body: { name: 'x', constraints: [] } });
    expect(response.status).toBe(401);
    expect(json(response)).toMatchObject({ name: 'UnauthorizedError', message: 'You must log in to use Unleash.' });
  });

  it('accepts the token behind a Bearer prefix', async () => {
    const response = await face().send('GET', '/api/admin/segments', { token: 'Bearer *:*.test-admin-token' });
    expect(response.status).toBe(200);
  });

  it('serves /health without a token', async () => {
    const response = await face().send('GET', '/health', { token: null });
    expect(response.status).toBe(200);
    expect(json(response)).toEqual({ health: 'GOOD' });
  });
});

describe('body parsing', () => {
  it('answers malformed JSON with a bare {message}', async () => {
    const response = await face().send('POST', '/api/admin/segments', { raw: '{"name": "x", "constraints": [' });
    expect(response.status).toBe(400);
    expect(json(response)).toEqual({ message: 'Unexpected end of JSON input' });
  });

  it('parses before routing and authentication, so unknown paths and missing tokens get the 400 too', async () => {
    const response = await face().send('POST', '/api/admin/nowhere', { raw: '{', token: null });
    expect(response.status).toBe(400);
    expect(Object.keys(json(response))).toEqual(['message']);
  });

  it('refuses a JSON body over 100 kB with 413', async () => {
    const response = await face().send('POST', '/api/admin/events/search', { raw: `{"query":"${'q'.repeat(110_000)}"}` });
    expect(response.status).toBe(413);
  });
});

describe('content type', () => {
  it('refuses text/plain on POST with ContentTypeError naming it', async () => {
    const response = await face().send('POST', '/api/admin/segments', {
      contentType: 'text/plain',
      raw: '{"name":"x","constraints":[]}',
    });
    expect(response.status).toBe(415);
    expect(json(response)).toMatchObject({
      name: 'ContentTypeError',
      message:
        'We do not accept the content-type you provided (text/plain). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format.',
    });
  });

  it("says so when no content type was sent", async () => {
    const response = await face().send('PUT', '/api/admin/segments/1', { contentType: null, raw: '{}' });
    expect(response.status).toBe(415);
    expect(String(json(response).message)).toContain("(you didn't provide one)");
  });

  it('accepts a charset parameter', async () => {
    const response = await face().send('POST', '/api/admin/segments', {
      contentType: 'application/json; charset=utf-8',
      body: { name: 'x', constraints: [] },
    });
    expect(response.status).toBe(201);
  });

  it('does not check DELETE', async () => {
    const response = await face().send('DELETE', '/api/admin/segments/3', { contentType: null });
    expect(response.status).toBe(204);
  });
});

describe('request validation', () => {
  it('coerces a number sent for a string', async () => {
    const { send, calls } = face();
    const response = await send('POST', '/api/admin/segments', { body: { name: 123, constraints: [] } });
    expect(response.status).toBe(201);
    expect(calls[0]?.args[0]).toEqual({ name: '123', constraints: [] });
  });

  it('coerces an integer given as a string, in the body and in the path', async () => {
    const { send, calls } = face();
    await send('POST', '/api/admin/events/search', { body: { limit: '5' } });
    await send('GET', '/api/admin/segments/12');
    expect(calls.map((call) => call.args[0])).toEqual([{ limit: 5 }, { id: 12 }]);
  });

  it('refuses a non-integer segment id', async () => {
    const response = await face().send('GET', '/api/admin/segments/abc');
    expect(response.status).toBe(400);
    expect(json(response)).toMatchObject({
      name: 'BadDataError',
      message: 'Request validation failed: your request body or params contain invalid data. Refer to the `details` list for more information.',
    });
    expect(detail(response)).toEqual({ path: '/params/id', message: 'The `/params/id` property must be integer. You sent "abc".' });
  });

  it('reports only the first error, required properties first', async () => {
    const response = await face().send('POST', '/api/admin/segments', { body: {} });
    expect(detail(response)).toEqual({
      path: '/body/name',
      message: 'The `/body/name` property is required. It was not present on the data you sent.',
    });
  });

  it('reports the wrong type of a later property once earlier ones pass after coercion', async () => {
    const response = await face().send('PUT', '/api/admin/segments/1', { body: { name: 5, constraints: {} } });
    expect(detail(response).message).toBe('The `/body/constraints` property must be array. You sent {}.');
  });

  it('checks a nested required property before additional properties and enums', async () => {
    const response = await face().send('POST', '/api/admin/segments', {
      body: { name: 'x', constraints: [{ operator: 'NOT_AN_OP', bogus: 1 }] },
    });
    expect(detail(response)).toEqual({
      path: '/body/constraints/0/contextName',
      message: 'The `/body/constraints/0/contextName` property is required. It was not present on the data you sent.',
    });
  });

  it('reports a missing required property before an earlier property of the wrong type', async () => {
    const response = await face().send('POST', '/api/admin/segments', { body: { name: 'x', description: {} } });
    expect(detail(response).path).toBe('/body/constraints');
  });

  it('reports an additional property before the declared properties are checked', async () => {
    const response = await face().send('POST', '/api/admin/segments', {
      body: { name: 'x', constraints: [{ contextName: 'userId', operator: 'NOT_AN_OP', bogus: 1 }] },
    });
    expect(detail(response).path).toBe('/body/constraints/0/bogus');
  });

  it('reports a missing enum property as required, not as an enum failure', async () => {
    const response = await face().send('PUT', '/api/admin/strategies/custom', { body: { parameters: [{ name: 'a' }] } });
    expect(detail(response)).toEqual({
      path: '/body/parameters/0/type',
      message: 'The `/body/parameters/0/type` property is required. It was not present on the data you sent.',
    });
  });

  it('sees a repeated query parameter as an array, as Express does', async () => {
    const response = await face().send('GET', '/api/admin/events?project=a&project=b');
    expect(response.status).toBe(400);
    expect(detail(response)).toEqual({
      path: '/query/project',
      message: 'The `/query/project` property must be string. You sent ["a","b"].',
    });
  });

  it('words an enum failure as Unleash does, naming the property alone', async () => {
    const response = await face().send('POST', '/api/admin/segments', {
      body: { name: 'x', constraints: [{ contextName: 'userId', operator: 'NOT_AN_OP', values: ['a'] }] },
    });
    const { message, path } = detail(response);
    expect(path).toBe('operator');
    expect(message).toMatch(/^The `operator` property must be equal to one of the allowed values: "NOT_IN", "IN", /);
    expect(message).toMatch(/You provided "NOT_AN_OP", which is not valid\. Please use one of the allowed values instead\.\.$/);
  });

  it('refuses extra properties where the spec forbids them', async () => {
    const response = await face().send('POST', '/api/admin/ui-config', {
      body: { frontendSettings: { frontendApiOrigins: ['*'] }, bogus: 1 },
    });
    expect(detail(response)).toEqual({
      path: '/body/bogus',
      message:
        'The `/body` object of the request body does not allow additional properties. Your request included the `/body/bogus` property.',
    });
  });

  it.each([
    [{ limit: 0 }, 'The `/body/limit` property must be >= 1. You sent 0.'],
    [{ limit: 101 }, 'The `/body/limit` property must be <= 100. You sent 101.'],
    [{ offset: -1 }, 'The `/body/offset` property must be >= 0. You sent -1.'],
    [{ limit: 'abc' }, 'The `/body/limit` property must be integer. You sent "abc".'],
  ])('checks search ranges: %j', async (body, message) => {
    const response = await face().send('POST', '/api/admin/events/search', { body });
    expect(response.status).toBe(400);
    expect(detail(response).message).toBe(message);
  });

  it('refuses a body that is not an object', async () => {
    const response = await face().send('POST', '/api/admin/segments', { body: [] });
    expect(detail(response)).toEqual({ path: '/body', message: 'The `/body` property must be object. You sent [].' });
  });

  it('refuses a negative segment id in a strategy list', async () => {
    const response = await face().send('POST', '/api/admin/segments/strategies', {
      body: { projectId: 'default', strategyId: 's', environmentId: 'development', segmentIds: [-1] },
    });
    expect(detail(response).message).toBe('The `/body/segmentIds/0` property must be >= 0. You sent -1.');
  });

  it('does not call the backend when validation fails', async () => {
    const { send, calls } = face();
    await send('POST', '/api/admin/segments', { body: { constraints: [] } });
    expect(calls).toEqual([]);
  });
});

describe('routing and errors', () => {
  it('answers an unknown API path with NotFoundError naming it', async () => {
    const response = await face().send('GET', '/api/admin/xyz?x=1');
    expect(response.status).toBe(404);
    expect(json(response)).toMatchObject({
      name: 'NotFoundError',
      message: 'The path you were looking for (/api/admin/xyz) is not available.',
    });
  });

  it('asks for a token before revealing that a path does not exist', async () => {
    const response = await face().send('GET', '/api/admin/xyz', { token: null });
    expect(response.status).toBe(401);
  });

  it('treats a known path with another method as unknown, as Express does', async () => {
    const response = await face().send('PATCH', '/api/admin/segments/1', { body: {} });
    expect(response.status).toBe(404);
  });

  it('sends a backend ApiError with an id and default details', async () => {
    const { send } = face({
      getSegment: () => Promise.reject(notFound('No segment exists with ID "9"')),
    });
    const response = await send('GET', '/api/admin/segments/9');
    expect(response.status).toBe(404);
    const body = json(response);
    expect(body).toEqual({
      id: expect.stringMatching(UUID) as unknown,
      name: 'NotFoundError',
      message: 'No segment exists with ID "9"',
      details: [{ message: 'No segment exists with ID "9"' }],
    });
  });

  it('keeps detail paths of backend errors', async () => {
    const { send } = face({
      createSegment: () => Promise.reject(new ApiError(400, 'BadDataError', 'bad', [{ message: 'm', path: '/body/x' }])),
    });
    const response = await send('POST', '/api/admin/segments', { body: { name: 'x', constraints: [] } });
    expect(json(response).details).toEqual([{ message: 'm', path: '/body/x' }]);
  });

  it('answers an unexpected exception with 500 UnknownError, without the exception text', async () => {
    const { send } = face({ listSegments: () => Promise.reject(new Error('disk on fire at /home/secret/path')) });
    const response = await send('GET', '/api/admin/segments');
    expect(response.status).toBe(500);
    expect(json(response)).toMatchObject({ name: 'UnknownError', message: 'Unexpected error on the server.' });
    expect(bodyText(response)).not.toContain('disk on fire');
  });

  it('answers a deeply nested body 400 with a generic message, not a stack overflow', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    for (const raw of [deep, `{"name":"x","constraints":${deep}}`]) {
      const response = await face().send('POST', '/api/admin/segments', { raw });
      expect(response.status).toBe(400);
      expect(bodyText(response)).toMatch(/nested more than 32 levels/);
      expect(bodyText(response)).not.toMatch(/call stack/i);
    }
  });

  it('answers a DELETE of a segment in use with a bare 409', async () => {
    const { send } = face({ deleteSegment: () => Promise.reject(segmentInUse('beta', 1)) });
    const response = await send('DELETE', '/api/admin/segments/1');
    expect(response).toEqual({ status: 409, headers: {}, body: '' });
  });
});
