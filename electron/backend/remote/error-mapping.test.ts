import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/errors';
import { createRemoteBackend, type RemoteBackend } from './remote-backend';
import { TOKEN, segment } from './test-support/fixtures';
import { empty, failure, json, startStub, type Stub } from './test-support/stub-server';

let stub: Stub;
let backend: RemoteBackend;

beforeAll(async () => {
  stub = await startStub();
  backend = createRemoteBackend({ baseUrl: stub.url, token: TOKEN });
});
afterAll(async () => {
  await backend.close();
  await stub.close();
});
afterEach(() => {
  stub.requests.length = 0;
});

async function shapeOf(promise: Promise<unknown>): Promise<ReturnType<ApiError['toShape']>> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).toShape();
}

describe('server errors keep their status, name, message and details', () => {
  const cases: [number, Record<string, unknown>][] = [
    [400, { id: 'x', name: 'BadDataError', message: 'Request validation failed', details: [{ path: '/body/name', message: 'required' }] }],
    [401, { name: 'UnauthorizedError', message: 'You must log in to use Unleash.' }],
    [403, { name: 'PermissionError', message: 'You need the "ADMIN" permission.', permissions: ['ADMIN'] }],
    [404, { name: 'NotFoundError', message: 'No segment exists with ID "9"', details: [{ message: 'No segment exists with ID "9"' }] }],
    [409, { name: 'NameExistsError', message: 'Segment name already exists' }],
    [415, { name: 'ContentTypeError', message: 'We do not accept the content-type you provided' }],
    [500, { name: 'UnknownError', message: 'Cannot edit strategy default' }],
  ];
  it.each(cases)('%i', async (status, body) => {
    stub.handle((_req, res) => json(res, status, body));
    const shape = await shapeOf(backend.getSegment({ id: 9 }));
    expect(shape).toMatchObject({ status, name: body.name, message: body.message });
    expect(shape.details).toEqual(body.details);
  });

  it('names {message}-only bodies (http-errors, wrong token type) from the status', async () => {
    stub.handle((_req, res) => json(res, 400, { message: 'Unexpected end of JSON input' }));
    expect(await shapeOf(backend.createSegment({ name: 'a', constraints: [] }))).toEqual({
      kind: 'refused',
      status: 400,
      name: 'BadDataError',
      message: 'Unexpected end of JSON input',
    });
    stub.handle((_req, res) => json(res, 403, { message: 'invalid token: expected a different token type for this endpoint' }));
    expect(await shapeOf(backend.listSegments())).toMatchObject({ status: 403, name: 'ForbiddenError' });
  });

  it('turns an HTML error page into a sentence naming the operation, without the HTML', async () => {
    stub.handle((_req, res) => {
      res.writeHead(502, 'Bad Gateway', { 'Content-Type': 'text/html' });
      res.end('<html><body>nginx</body></html>');
    });
    const shape = await shapeOf(backend.listProjects());
    expect(shape).toMatchObject({ status: 502, name: 'BadGatewayError' });
    expect(shape.message).toBe('listProjects (GET /api/admin/projects) failed: the server answered 502 Bad Gateway.');
  });
});

describe('deleting a segment in use (409 with an empty body)', () => {
  it('names the segment and counts the strategies that use it', async () => {
    stub.handle((req, res) => {
      if (req.method === 'DELETE') return empty(res, 409);
      if (req.url.endsWith('/strategies'))
        return json(res, 200, { strategies: [1, 2].map((n) => ({ id: `s${n}`, projectId: 'default', featureName: `f${n}`, strategyName: 'default', environment: 'development' })), changeRequestStrategies: [] });
      json(res, 200, segment);
    });
    expect(await shapeOf(backend.deleteSegment({ id: 7 }))).toEqual({
      kind: 'refused',
      status: 409,
      name: 'SegmentInUseError',
      message: 'Segment "beta users" is in use by 2 strategies and cannot be deleted.',
    });
  });

  it('still explains itself when the lookups fail', async () => {
    stub.handle((req, res) => (req.method === 'DELETE' ? empty(res, 409) : empty(res, 500)));
    expect(await shapeOf(backend.deleteSegment({ id: 7 }))).toMatchObject({
      status: 409,
      name: 'SegmentInUseError',
      message: 'Segment "7" is in use by one or more strategies and cannot be deleted.',
    });
  });

  it('keeps a 409 that has a body as the server said it', async () => {
    stub.handle((_req, res) => json(res, 409, { name: 'ConflictError', message: 'busy' }));
    expect(await shapeOf(backend.deleteSegment({ id: 7 }))).toMatchObject({ status: 409, name: 'ConflictError', message: 'busy' });
  });
});

describe('malformed or unexpected 2xx bodies', () => {
  const bodies: [string, string, string][] = [
    ['truncated JSON', '{"segments": [{"id": 1', 'was not valid JSON'],
    ['HTML', '<!doctype html><html></html>', 'looks like HTML'],
    ['an empty body', '', 'was empty'],
    ['the wrong shape', '{"segments": [{"id": "one"}]}', 'did not have the expected shape at segments.0.id'],
    ['an array', '[]', 'did not have the expected shape'],
  ];
  it.each(bodies)('%s becomes InvalidResponseError naming the operation', async (_label, text, why) => {
    stub.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(text);
    });
    const shape = await shapeOf(backend.listSegments());
    expect(shape).toMatchObject({ kind: 'fault', status: 502, name: 'InvalidResponseError' });
    expect(shape.message).toContain("The server's answer to listSegments (GET /api/admin/segments)");
    expect(shape.message).toContain(why);
  });
});
