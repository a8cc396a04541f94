import { describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../../shared/contract';

const electron = vi.hoisted(() => ({ ipcMain: { handle: vi.fn(), removeHandler: vi.fn() } }));
vi.mock('electron', () => electron);
const { registerIpc, senderOf } = await import('./register');

describe('register', () => {
  it('binds every contract channel to dispatch with the sender read from the event', async () => {
    const dispatch = vi.fn(async () => ({ ok: true as const, data: null }));
    const unregister = registerIpc(dispatch);
    expect(electron.ipcMain.handle.mock.calls.map((call) => call[0]).sort()).toEqual([...CHANNELS].sort());
    const mainFrame = { url: 'app://flagdesk/index.html' };
    const handler = electron.ipcMain.handle.mock.calls[0]?.[1] as (event: unknown, input: unknown) => Promise<unknown>;
    await handler({ sender: { id: 4, mainFrame }, senderFrame: mainFrame }, { x: 1 });
    expect(dispatch).toHaveBeenCalledWith(electron.ipcMain.handle.mock.calls[0]?.[0], { x: 1 }, {
      webContentsId: 4,
      frameUrl: 'app://flagdesk/index.html',
      isMainFrame: true,
    });
    unregister();
    expect(electron.ipcMain.removeHandler).toHaveBeenCalledTimes(CHANNELS.length);
  });

  it('marks subframes and vanished frames as such', () => {
    const mainFrame = { url: 'app://flagdesk/' };
    expect(senderOf({ sender: { id: 1, mainFrame }, senderFrame: { url: 'app://flagdesk/' } } as never).isMainFrame).toBe(false);
    expect(senderOf({ sender: { id: 1, mainFrame }, senderFrame: null } as never)).toEqual({
      webContentsId: 1,
      frameUrl: '',
      isMainFrame: false,
    });
  });
});
