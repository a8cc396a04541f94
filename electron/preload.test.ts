import { describe, expect, it, vi } from 'vitest';
import { CHANNELS, PUSH_EVENTS } from '../shared/contract';

const electron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn(async () => ({ ok: true, data: [] })), on: vi.fn(), removeListener: vi.fn() },
}));
vi.mock('electron', () => electron);
// What the bundler writes into the preload (scripts/build-electron.ts).
vi.stubGlobal('FLAGDESK_CHANNELS', CHANNELS);
vi.stubGlobal('FLAGDESK_PUSH_EVENTS', PUSH_EVENTS);
await import('./preload');

describe('preload', () => {
  it('exposes exactly window.flagdesk = { invoke, on }', () => {
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledOnce();
    const [name, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as unknown as [string, object];
    expect(name).toBe('flagdesk');
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on']);
  });

  it('passes only the payload of push events to the page', () => {
    const [, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as unknown as [string, { on: (e: string, cb: (p: unknown) => void) => () => void }];
    const callback = vi.fn();
    const stop = api.on('connections.changed', callback);
    const [channel, listener] = electron.ipcRenderer.on.mock.calls[0] as unknown as [string, (...a: unknown[]) => void];
    expect(channel).toBe('flagdesk:push');
    listener({ sender: 'ipc internals' }, 'connections.changed', { activeProfileId: 'demo' });
    expect(callback).toHaveBeenCalledWith({ activeProfileId: 'demo' });
    stop();
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledWith('flagdesk:push', listener);
  });
});
