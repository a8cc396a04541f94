import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/errors';
import { createRemoteBackend, type RemoteBackend } from './remote-backend';
import { TOKEN, uiConfig } from './test-support/fixtures';
import { failure, json, startStub, type Stub } from './test-support/stub-server';

const projects = { version: 1, projects: [{ id: 'default', name: 'Default' }] };

describe.each([
  ['node:http', undefined],
  ['fetch', fetch],
] as const)('per-request cancellation over %s', (_transport, fetchImpl) => {
  let stub: Stub;
  let backend: RemoteBackend;
  /** Answers the stub holds back until the test releases them. */
  let held: ServerResponse[] = [];
  let heldChanged: () => void = () => undefined;

  function connect(): RemoteBackend {
    backend = createRemoteBackend({ baseUrl: stub.url, token: TOKEN, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
    return backend;
  }
  /** A slow server: every request waits in `held`. */
  function holdEverything(): void {
    stub.handle((_req, res) => {
      held.push(res);
      heldChanged();
    });
  }
  function heldCount(count: number): Promise<void> {
    return new Promise((resolve) => {
      heldChanged = () => held.length >= count && resolve();
      heldChanged();
    });
  }
  async function aborted(promise: Promise<unknown>): Promise<ApiError> {
    const error = await failure(promise);
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }

  beforeAll(async () => {
    stub = await startStub();
  });
  afterAll(() => stub.close());
  afterEach(async () => {
    await backend.close();
    stub.requests.length = 0;
    held = [];
  });

  it('cancels one of two concurrent requests; the other completes and the backend keeps working', async () => {
    holdEverything();
    const remote = connect();
    const controller = new AbortController();
    const cancelled = remote.withSignal(controller.signal).listProjects();
    const kept = remote.listProjects();
    await heldCount(2);

    controller.abort();
    const error = await aborted(cancelled);
    expect(error).toMatchObject({ status: 0, name: 'AbortError', message: `The request to ${stub.url} was cancelled.` });

    for (const res of held) if (!res.destroyed) json(res, 200, projects);
    expect(await kept).toEqual(projects.projects);
    stub.handle((_req, res) => json(res, 200, projects));
    expect(await remote.listProjects()).toEqual(projects.projects);
    expect(await remote.withSignal(new AbortController().signal).listProjects()).toEqual(projects.projects);
  });

  it('cancels while the answer is still arriving', async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"version":1,"projects":[');
      held.push(res);
      heldChanged();
    });
    const controller = new AbortController();
    const pending = connect().withSignal(controller.signal).listProjects();
    await heldCount(1);
    controller.abort();
    expect(await aborted(pending)).toMatchObject({ status: 0, name: 'AbortError' });
  });

  it('fails at once, without a request, when the signal is already aborted', async () => {
    stub.handle((_req, res) => json(res, 200, projects));
    const view = connect().withSignal(AbortSignal.abort());
    expect(await aborted(view.listProjects())).toMatchObject({ status: 0, name: 'AbortError' });
    expect(await aborted(view.deleteSegment({ id: 7 }))).toMatchObject({ status: 0, name: 'AbortError' });
    expect(stub.requests).toHaveLength(0);
  });

  it('shares the cached server version with its views', async () => {
    stub.handle((req, res) => {
      if (req.url === '/api/admin/ui-config') return json(res, 200, uiConfig('6.10.1'));
      json(res, 200, { version: 1, events: [], totalEvents: 0 });
    });
    const remote = connect();
    expect(await remote.serverVersion()).toBe('6.10.1');
    await remote.withSignal(new AbortController().signal).searchEvents({});
    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/admin/ui-config', 'POST /api/admin/events/search']);
  });
});
