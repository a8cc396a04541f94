import { describe, expect, it, vi } from 'vitest';
import { createBridge } from './bridge';
import { BRIDGE_NAMES } from './bridge-names';

function transport() {
  let listener: ((event: unknown, payload: unknown) => void) | undefined;
  return {
    invoke: vi.fn(async (channel: string) => ({ ok: true, data: channel })),
    subscribe: vi.fn((l: (event: unknown, payload: unknown) => void) => {
      listener = l;
      return () => {
        listener = undefined;
      };
    }),
    push: (event: unknown, payload: unknown) => listener?.(event, payload),
  };
}

describe('window.flagdesk bridge', () => {
  it('forwards contract channels', async () => {
    const t = transport();
    const bridge = createBridge(t, BRIDGE_NAMES);
    expect(await bridge.invoke('segments.list', {})).toEqual({ ok: true, data: 'segments.list' });
  });

  it('refuses other channels before anything reaches the main process', async () => {
    const t = transport();
    const bridge = createBridge(t, BRIDGE_NAMES) as unknown as { invoke(c: unknown, i: unknown): Promise<unknown> };
    for (const channel of ['ELECTRON_BROWSER_REQUIRE', 'flagdesk:push', '__proto__', 42]) {
      expect(await bridge.invoke(channel, {})).toMatchObject({ ok: false, error: { status: 404 } });
    }
    expect(t.invoke).not.toHaveBeenCalled();
  });

  it('delivers only the named push event, with the payload only, until unsubscribed', () => {
    const t = transport();
    const bridge = createBridge(t, BRIDGE_NAMES);
    const callback = vi.fn();
    const stop = bridge.on('connections.changed', callback);
    t.push('other.event', 1);
    t.push('connections.changed', { activeProfileId: 'demo' });
    expect(callback.mock.calls).toEqual([[{ activeProfileId: 'demo' }]]);
    stop();
    t.push('connections.changed', 2);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('refuses unknown push events', () => {
    const bridge = createBridge(transport(), BRIDGE_NAMES) as unknown as { on(e: unknown, cb: unknown): unknown };
    expect(() => bridge.on('ipc:anything', () => {})).toThrow(TypeError);
    expect(() => bridge.on('connections.changed', 'not a function')).toThrow(TypeError);
  });
});
