import { describe, expect, it } from 'vitest';
import { useStubBackend } from './test-support/stub-backend';
import { json } from './test-support/stub-server';

const { stub, connect } = useStubBackend();

/** A strategy as 8.2.0 answers GET .../strategies/{id}: everything the update must send back. */
const STORED = {
  id: '01M88XHK8QVSJR5S66JBG867WK',
  name: 'flexibleRollout',
  constraints: [{ values: ['a'], operator: 'IN', contextName: 'userId' }],
  parameters: { groupId: 'checkout', rollout: '50', stickiness: 'default' },
  variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default', payload: { type: 'string', value: 'b' } }],
  segments: [2, 1],
  title: 'Half of EU',
  disabled: true,
  sortOrder: 3,
};
const PATH = '/api/admin/projects/my%20project/features/checkout/environments/production/strategies/01M88XHK8QVSJR5S66JBG867WK';

describe("a strategy's segments (the write every server records)", () => {
  it('reads the strategy, then puts it back whole with the new segments (never the unrecorded POST /segments/strategies)', async () => {
    stub.handle((req, res) => {
      if (req.method === 'GET') return json(res, 200, STORED);
      return json(res, 200, { ...STORED, segments: JSON.parse(req.body).segments });
    });
    const backend = connect();
    const saved = await backend.setStrategySegments({
      projectId: 'my project',
      featureName: 'checkout',
      environmentId: 'production',
      strategyId: STORED.id,
      segmentIds: [7],
    });

    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${PATH}`, `PUT ${PATH}`]);
    const { id: _id, ...rest } = STORED;
    expect(JSON.parse(stub.requests[1]?.body ?? '')).toEqual({ ...rest, segments: [7] });
    expect(saved).toMatchObject({ id: STORED.id, segments: [7], title: 'Half of EU' });
  });

  it("says what the server refused, and does not write when the read fails", async () => {
    stub.handle((_req, res) => json(res, 404, { name: 'NotFoundError', message: 'Could not find strategy with id: nope' }));
    const backend = connect();
    await expect(
      backend.setStrategySegments({ projectId: 'default', featureName: 'f', environmentId: 'development', strategyId: 'nope', segmentIds: [] }),
    ).rejects.toMatchObject({ status: 404, message: 'Could not find strategy with id: nope' });
    expect(stub.requests.map((r) => r.method)).toEqual(['GET']);
  });
});
