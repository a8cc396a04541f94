import { describe, expect, it } from 'vitest';
import type { FixturedBackend } from '../../instance-fixtures';
import { createDemoBackend } from '../../demo/index';
import type { EventQueryParams } from '../../../../shared/schemas/event';
import { createRequestHandler } from '../handle-request';
import type { WireResponse } from '../wire-response';
import { recordingBackend } from '../test-support/recording-backend';

const TOKEN = '*:*.test-admin-token';

function over(backend: FixturedBackend) {
  const handler = createRequestHandler(backend, { token: TOKEN });
  return (path: string): Promise<WireResponse> => handler({ method: 'GET', path, headers: { authorization: TOKEN } });
}
const body = (response: WireResponse) => JSON.parse(response.body) as Record<string, unknown>;

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
    expect(response.body).toContain('\\"admin\\" is not one');
  });

  it('calls queryEvents with the declared query strings only', async () => {
    const { backend, calls } = recordingBackend();
    const response = await over(backend)('/api/admin/search/events?project=IS:default&limit=2&order=asc');
    expect(response.status).toBe(200);
    const expected: EventQueryParams = { project: 'IS:default', limit: '2' };
    expect(calls).toEqual([{ method: 'queryEvents', args: [expected] }]);
  });
});
