import type { Channel, FlagdeskBridge, PushEvent } from '../../shared/contract';

/**
 * window.flagdesk, built on a transport (ipcRenderer in preload.ts). Pure so it can be unit-tested, and free of zod
 * so the sandboxed preload bundle stays tiny: the names it allows are handed in (the preload's come from
 * shared/contract.ts through its bundle, see scripts/build-electron.ts).
 */
export interface BridgeTransport {
  invoke(channel: string, input: unknown): Promise<unknown>;
  /** Listens to push messages `(eventName, payload)`; returns a function that stops listening. */
  subscribe(listener: (event: unknown, payload: unknown) => void): () => void;
}

/** The names the page may use: the contract's channels and push events. */
export interface BridgeNames {
  channels: readonly Channel[];
  events: readonly PushEvent[];
}

export function createBridge(transport: BridgeTransport, names: BridgeNames): FlagdeskBridge {
  const channels = new Set<string>(names.channels);
  const events = new Set<string>(names.events);
  const bridge = {
    invoke(channel: unknown, input: unknown): Promise<unknown> {
      // Refused here, before anything reaches the main process (main checks again).
      if (typeof channel !== 'string' || !channels.has(channel)) {
        return Promise.resolve({
          ok: false,
          error: { status: 404, name: 'UnknownChannelError', message: 'There is no IPC channel with that name.' },
        });
      }
      return transport.invoke(channel, input);
    },
    on(event: unknown, callback: unknown): () => void {
      if (typeof event !== 'string' || !events.has(event)) throw new TypeError('Unknown push event.');
      if (typeof callback !== 'function') throw new TypeError('The callback must be a function.');
      // Only the payload reaches the page, never Electron's event object (checklist #20).
      return transport.subscribe((name, payload) => {
        if (name === event) (callback as (payload: unknown) => void)(payload);
      });
    },
  };
  return bridge as FlagdeskBridge;
}
