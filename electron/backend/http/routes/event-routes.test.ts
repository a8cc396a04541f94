import { describe, expect, it } from 'vitest';
import type { FixturedBackend } from '../../instance-fixtures';
import { createDemoBackend } from '../../demo/index';
import type { EventQueryParams } from '../../../../shared/schemas/event';
import { createRequestHandler } from '../handle-request';
import { bodyText, type WireResponse } from '../wire-response';
import { recordingBackend } from '../test-support/recording-backend';
import type { JsonTextReads } from '../json-text-reads';

const TOKEN = '*:*.test-admin-token';

function over(backend: FixturedBackend, jsonTexts?: JsonTextReads) {
  const handler = createRequestHandler(backend, jsonTexts ? { token: TOKEN, jsonTexts } : { token: TOKEN });
  return (path: string): Promise<WireResponse> => handler({ method: 'GET', path, headers: { authorization: TOKEN } });
}
const body = (response: WireResponse) => JSON.parse(bodyText(response)) as Record<string, unknown>;

describe('GET /api/admin/search/events', () => {
  it('serves the demo event log with label and summary, and total honouring the filters', async () => {
    const demo = createDemoBackend({ dataset: 'empty' });
    await demo.createSegment({ name: 'route-seg', constraints: [] });
    const response = await over(demo)('/api/admin/search/events?type=IS:segment-created&query=route-seg');
    expect(response.status).toBe(200);
    expect(body(response)).toMatchObject({
      total: 1,
      events: [{ type: 'segment-created', label: 'Segment created', summary: expect.stringContaining('created segment **route-seg**') }],
    });
  });

  it('answers a filter without IS: with the OpenAPI pattern detail', async () => {
    const response = await over(createDemoBackend({ dataset: 'empty' }))('/api/admin/search/events?type=feature-created');
    expect(response.status).toBe(400);
    expect(body(response)).toMatchObject({
      name: 'BadDataError',
      details: [
        {
          path: '/query/type',
          message:
            'The `/query/type` property must match pattern "^(IS|IS_ANY_OF):(.*?)(,([a-zA-Z0-9_]+))*$". You sent "feature-created".',
        },
      ],
    });
    const date = await over(createDemoBackend({ dataset: 'empty' }))('/api/admin/search/events?from=2024-01-01');
    expect(body(date)).toMatchObject({ details: [{ path: '/query/from', message: expect.stringContaining('"^(IS):\\d{4}-\\d{2}-\\d{2}$"') }] });
  });

  it('answers a user name as createdBy with a 400 naming it (the real server: 500 with SQL)', async () => {
    const response = await over(createDemoBackend({ dataset: 'empty' }))('/api/admin/search/events?createdBy=IS:admin');
    expect(response.status).toBe(400);
    expect(bodyText(response)).toContain('\\"admin\\" is not one');
  });

  it('calls queryEvents with the declared query strings only', async () => {
    const { backend, calls } = recordingBackend();
    const response = await over(backend)('/api/admin/search/events?project=IS:default&limit=2&order=asc');
    expect(response.status).toBe(200);
    const expected: EventQueryParams = { project: 'IS:default', limit: '2' };
    expect(calls).toEqual([{ method: 'queryEvents', args: [expected] }]);
  });
});

describe('GET /api/admin/search/events from the backend\'s own JSON text (json-text-reads.ts)', () => {
  const demo = createDemoBackend({ historyEvents: 500 });
  const texts: JsonTextReads = { queryEvents: (params) => demo.queryEventsJson(params) };
  /** An error body without its fresh random id. */
  const withoutId = (response: WireResponse) => ({ ...body(response), id: undefined });

  it('serves the bytes the backend wrote, with the headers, status and parsed body of the object answer', async () => {
    for (const path of [
      '/api/admin/search/events',
      '/api/admin/search/events?limit=1000&offset=17',
      '/api/admin/search/events?type=IS:feature-strategy-update&limit=50',
      '/api/admin/search/events?query=rollout&project=IS:default',
      '/api/admin/search/events?from=IS:2000-01-01&to=IS:2000-01-02',
    ]) {
      const [objects, text] = [await over(demo)(path), await over(demo, texts)(path)];
      expect(text.body, path).toBeInstanceOf(Uint8Array);
      expect(text.status, path).toBe(objects.status);
      expect(text.headers, path).toEqual(objects.headers);
      expect(body(text), path).toEqual(body(objects));
    }
  });

  it('answers a filter the backend refuses as the object path does', async () => {
    const path = '/api/admin/search/events?createdBy=IS:admin';
    const [objects, text] = [await over(demo)(path), await over(demo, texts)(path)];
    expect(text.status).toBe(400);
    expect(withoutId(text)).toEqual(withoutId(objects));
  });

  it('asks for the text only after authentication and request validation', async () => {
    const asked: unknown[] = [];
    const recording: JsonTextReads = {
      queryEvents: async (params) => {
        asked.push(params);
        return Buffer.from('{"events":[],"total":0}');
      },
    };
    const handler = createRequestHandler(recordingBackend().backend, { token: TOKEN, jsonTexts: recording });
    const anonymous = await handler({ method: 'GET', path: '/api/admin/search/events', headers: {} });
    expect(anonymous.status).toBe(401);
    const invalid = await handler({ method: 'GET', path: '/api/admin/search/events?type=feature-created', headers: { authorization: TOKEN } });
    expect(invalid.status).toBe(400);
    expect(asked).toEqual([]);
    const served = await handler({ method: 'GET', path: '/api/admin/search/events?limit=2&order=asc', headers: { authorization: TOKEN } });
    expect(bodyText(served)).toBe('{"events":[],"total":0}');
    expect(asked).toEqual([{ limit: '2' }]);
  });
});
