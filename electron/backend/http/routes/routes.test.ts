import { describe, expect, it } from 'vitest';
import { face, json } from '../test-support/wire';
import { bodyText } from '../wire-response';

/** Every served route's good path: status, body shape, Location, and the backend call it makes. */

describe('segment routes', () => {
  it('lists segments under `segments`', async () => {
    const response = await face().send('GET', '/api/admin/segments');
    expect(response.status).toBe(200);
    expect(json(response).segments).toEqual([expect.objectContaining({ id: 1, usedInFeatures: 0, usedInProjects: 0 })]);
  });

  it('creates with 201, the segment and a Location, passing only the known fields', async () => {
    const { send, calls } = face();
    const response = await send('POST', '/api/admin/segments', {
      body: { name: 'beta', description: 'd', project: 'default', constraints: [], bogus: 1 },
    });
    expect(response.status).toBe(201);
    expect(response.headers.Location).toBe('segments/7');
    expect(json(response)).toMatchObject({ id: 7, name: 'beta' });
    expect(calls).toEqual([
      { method: 'createSegment', args: [{ name: 'beta', description: 'd', project: 'default', constraints: [] }] },
    ]);
  });

  it('gets one segment by id', async () => {
    const response = await face().send('GET', '/api/admin/segments/4');
    expect(json(response)).toMatchObject({ id: 4, name: 'beta-users' });
  });

  it('updates with an empty 204, leaving out a description that was not sent', async () => {
    const { send, calls } = face();
    const response = await send('PUT', '/api/admin/segments/4', {
      body: { name: 'n', constraints: [{ contextName: 'appName', operator: 'NUM_EQ', value: 5 }] },
    });
    expect(response).toEqual({ status: 204, headers: {}, body: '' });
    expect(calls[0]).toEqual({
      method: 'updateSegment',
      args: [{ id: 4, segment: { name: 'n', constraints: [{ contextName: 'appName', operator: 'NUM_EQ', value: '5' }] } }],
    });
  });

  it('deletes with an empty 204', async () => {
    const { send, calls } = face();
    const response = await send('DELETE', '/api/admin/segments/4');
    expect(response).toEqual({ status: 204, headers: {}, body: '' });
    expect(calls[0]).toEqual({ method: 'deleteSegment', args: [{ id: 4 }] });
  });

  it('lists the strategies using a segment', async () => {
    const response = await face().send('GET', '/api/admin/segments/4/strategies');
    expect(json(response)).toEqual({ strategies: [], changeRequestStrategies: [] });
  });

  it('lists the segments of a strategy', async () => {
    const { send, calls } = face();
    const response = await send('GET', '/api/admin/segments/strategies/2649d756-5beb');
    expect(json(response).segments).toHaveLength(1);
    expect(calls[0]).toEqual({ method: 'getSegmentsForStrategy', args: [{ strategyId: '2649d756-5beb' }] });
  });

  it('replaces the segments of a strategy with 201, echoing the body and pointing at the strategy', async () => {
    const { send, calls } = face();
    const body = { projectId: 'default', strategyId: 's-1', environmentId: 'development', segmentIds: ['2', 1], note: 'x' };
    const response = await send('POST', '/api/admin/segments/strategies', { body });
    expect(response.status).toBe(201);
    expect(response.headers.Location).toBe('strategies/s-1');
    expect(json(response)).toEqual({ ...body, segmentIds: [2, 1] });
    expect(calls[0]?.args[0]).toEqual({ projectId: 'default', strategyId: 's-1', environmentId: 'development', segmentIds: [2, 1] });
  });
});

describe('event routes', () => {
  it('lists events, filtered by project only when one is given', async () => {
    const { send, calls } = face();
    const response = await send('GET', '/api/admin/events?project=default');
    await send('GET', '/api/admin/events?project=');
    expect(json(response)).toEqual({ version: 1, events: [], totalEvents: 0 });
    expect(calls.map((call) => call.args[0])).toEqual([{ project: 'default' }, {}]);
  });

  it('searches with the body filters, ignoring unknown fields', async () => {
    const { send, calls } = face();
    const response = await send('POST', '/api/admin/events/search', {
      body: { type: 'segment-created', project: 5, query: 'beta', offset: 2, bogus: 1 },
    });
    expect(response.status).toBe(200);
    expect(calls[0]?.args[0]).toEqual({ type: 'segment-created', project: '5', query: 'beta', offset: 2 });
  });
});

describe('strategy type routes', () => {
  it('lists strategy types with a version', async () => {
    const response = await face().send('GET', '/api/admin/strategies');
    expect(json(response)).toMatchObject({ version: 1, strategies: [expect.objectContaining({ name: 'default' })] });
  });

  it('reads one strategy type by name, and answers an unknown one with 404', async () => {
    const { send } = face();
    expect(json(await send('GET', '/api/admin/strategies/default'))).toMatchObject({ name: 'default', editable: false });
    const missing = await send('GET', '/api/admin/strategies/nope');
    expect(missing.status).toBe(404);
    expect(json(missing)).toMatchObject({ name: 'NotFoundError', message: 'No strategy found' });
  });

  it('creates with 201 and a Location', async () => {
    const response = await face().send('POST', '/api/admin/strategies', {
      body: { name: 'custom', description: 'c', parameters: [{ name: 'p1', type: 'string' }] },
    });
    expect(response.status).toBe(201);
    expect(response.headers.Location).toBe('strategies/custom');
    expect(json(response)).toMatchObject({ name: 'custom', editable: true, displayName: null });
  });

  it('updates the strategy named in the path with an empty 200, stripping unknown keys', async () => {
    const { send, calls } = face();
    const response = await send('PUT', '/api/admin/strategies/custom', {
      body: { name: 'other', description: 'u', parameters: [{ name: 'p', type: 'list', required: 'true', x: 1 }], y: 2 },
    });
    expect(response).toEqual({ status: 200, headers: {}, body: '' });
    expect(calls[0]).toEqual({
      method: 'updateStrategyType',
      args: [{ name: 'custom', update: { description: 'u', parameters: [{ name: 'p', type: 'list', required: true }] } }],
    });
  });
});

describe('project routes', () => {
  it('lists projects and environments with a version', async () => {
    const { send } = face();
    expect(json(await send('GET', '/api/admin/projects'))).toMatchObject({ version: 1, projects: [{ id: 'default' }] });
    expect(json(await send('GET', '/api/admin/environments'))).toMatchObject({
      version: 1,
      environments: [{ name: 'development' }],
    });
  });

  it('lists context fields as a bare array', async () => {
    const response = await face().send('GET', '/api/admin/context');
    expect(JSON.parse(bodyText(response))).toEqual([expect.objectContaining({ name: 'userId' })]);
  });

  it('lists and reads flags of a project, listed without the project key as 6.10.1 lists them', async () => {
    const { send } = face();
    expect(json(await send('GET', '/api/admin/projects/default/features'))).toEqual({
      version: 2,
      features: [{ name: 'checkout' }],
    });
    expect(json(await send('GET', '/api/admin/projects/default/features/checkout'))).toMatchObject({ name: 'checkout' });
  });

  it('creates a flag with 201', async () => {
    const { send, calls } = face();
    const response = await send('POST', '/api/admin/projects/default/features', {
      body: { name: 'f', description: null, impressionData: false },
    });
    expect(response.status).toBe(201);
    expect(calls[0]).toEqual({ method: 'createFeature', args: ['default', { name: 'f' }] });
  });

  it('adds a strategy with 200, as the real server does', async () => {
    const { send, calls } = face();
    const response = await send('POST', '/api/admin/projects/default/features/f/environments/development/strategies', {
      body: { name: 'flexibleRollout', parameters: { rollout: 50 }, segments: [1], constraints: [] },
    });
    expect(response.status).toBe(200);
    expect(json(response)).toMatchObject({ name: 'flexibleRollout', segments: [1] });
    expect(calls[0]?.args).toEqual([
      'default',
      'f',
      'development',
      { name: 'flexibleRollout', parameters: { rollout: '50' }, segments: [1], constraints: [] },
    ]);
  });

  it('adds a dependency with an empty 200', async () => {
    const { send, calls } = face();
    const response = await send('POST', '/api/admin/projects/default/features/child/dependencies', {
      body: { feature: 'parent', enabled: true },
    });
    expect(response).toEqual({ status: 200, headers: {}, body: '' });
    expect(calls[0]).toEqual({ method: 'addDependency', args: ['default', 'child', { feature: 'parent', enabled: true }] });
  });

  it('validates an archive, coercing names to strings', async () => {
    const { send, calls } = face();
    const response = await send('POST', '/api/admin/projects/default/archive/validate', { body: { features: ['a', 1] } });
    expect(json(response)).toEqual({ parentsWithChildFeatures: [], hasDeletedDependencies: false });
    expect(calls[0]).toEqual({ method: 'validateArchive', args: [{ projectId: 'default', features: ['a', '1'] }] });
  });

  it('archives one flag with an empty 202 after checking that it exists', async () => {
    const { send, calls } = face();
    const response = await send('DELETE', '/api/admin/projects/default/features/checkout');
    expect(response).toEqual({ status: 202, headers: {}, body: '' });
    expect(calls.map((call) => call.method)).toEqual(['getFeature', 'archiveFeatures']);
    expect(calls[1]?.args).toEqual([{ projectId: 'default', features: ['checkout'] }]);
  });

  it('archives with an empty 202', async () => {
    const { send, calls } = face();
    const response = await send('POST', '/api/admin/projects/default/archive', { body: { features: ['a'] } });
    expect(response).toEqual({ status: 202, headers: {}, body: '' });
    expect(calls[0]).toEqual({ method: 'archiveFeatures', args: [{ projectId: 'default', features: ['a'] }] });
  });
});

describe('ui-config routes', () => {
  it('reads the UI config', async () => {
    const response = await face().send('GET', '/api/admin/ui-config');
    expect(json(response)).toMatchObject({ version: '6.10.1', frontendApiOrigins: ['*'] });
  });

  it.each([
    ['/api/admin/ui-config', { frontendSettings: { frontendApiOrigins: ['https://a.example'] } }],
    ['/api/admin/ui-config/cors', { frontendApiOrigins: ['https://a.example'] }],
  ])('sets the origins through %s with an empty 204', async (path, body) => {
    const { send, calls } = face();
    const response = await send('POST', path, { body });
    expect(response).toEqual({ status: 204, headers: {}, body: '' });
    expect(calls[0]).toEqual({ method: 'setFrontendApiOrigins', args: [{ origins: ['https://a.example'] }] });
  });

  it.each(['/api/admin/ui-config', '/api/admin/ui-config/cors'])('answers {} on %s with a bare NotFoundError', async (path) => {
    const { send, calls } = face();
    const response = await send('POST', path, { body: {} });
    expect(response.status).toBe(404);
    expect(json(response)).toMatchObject({ name: 'NotFoundError', message: 'The requested resource could not be found' });
    expect(calls).toEqual([]);
  });
});
