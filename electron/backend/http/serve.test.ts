import { afterEach, describe, expect, it } from 'vitest';
import { serveAdminApi, type RunningServer } from './serve';
import { recordingBackend } from './test-support/recording-backend';
import { TOKEN } from './test-support/wire';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('serveAdminApi', () => {
  it('serves the admin API on a free loopback port', async () => {
    server = await serveAdminApi(recordingBackend().backend, { token: TOKEN, port: 0 });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);

    const created = await fetch(`${server.url}/api/admin/segments`, {
      method: 'POST',
      headers: { Authorization: TOKEN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'beta', constraints: [] }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('segments/7');
    expect(created.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await created.json()).toMatchObject({ id: 7, name: 'beta' });

    const deleted = await fetch(`${server.url}/api/admin/segments/7`, { method: 'DELETE', headers: { Authorization: TOKEN } });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('content-type')).toBeNull();
    expect(await deleted.text()).toBe('');

    const anonymous = await fetch(`${server.url}/api/admin/segments`);
    expect(anonymous.status).toBe(401);
  });

  it('sends a body the backend wrote as UTF-8 bytes as they are, with their length', async () => {
    const utf8 = Buffer.from('{"events":[{"summary":"ü 😀"}],"total":1}', 'utf8');
    server = await serveAdminApi(recordingBackend().backend, { token: TOKEN, jsonTexts: { queryEvents: async () => utf8 } });
    const response = await fetch(`${server.url}/api/admin/search/events`, { headers: { Authorization: TOKEN } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(utf8.length));
    expect(await response.json()).toEqual({ events: [{ summary: 'ü 😀' }], total: 1 });
  });

  it('stops accepting connections once closed', async () => {
    const running = await serveAdminApi(recordingBackend().backend, { token: TOKEN });
    await running.close();
    await expect(fetch(`${running.url}/health`)).rejects.toThrow();
  });
});
