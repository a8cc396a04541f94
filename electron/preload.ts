import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { PUSH_CHANNEL } from '../shared/channels';
import type { Channel, PushEvent } from '../shared/contract';
import { createBridge } from './ipc/bridge';

/*
 * Exposes exactly window.flagdesk = { invoke, on }, restricted to the contract's channel and event names; no
 * ipcRenderer, no Node API and no Electron event object reach the page. Bundled to one CJS file (sandboxed).
 */

/** The contract's names, written in by the bundler (electron/ipc/bridge-names.ts): the preload carries no zod. */
declare const FLAGDESK_CHANNELS: readonly Channel[];
declare const FLAGDESK_PUSH_EVENTS: readonly PushEvent[];

const bridge = createBridge(
  {
    invoke: (channel, input) => ipcRenderer.invoke(channel, input),
    subscribe(listener) {
      const wrapped = (_event: IpcRendererEvent, name: unknown, payload: unknown) => listener(name, payload);
      ipcRenderer.on(PUSH_CHANNEL, wrapped);
      return () => {
        ipcRenderer.removeListener(PUSH_CHANNEL, wrapped);
      };
    },
  },
  { channels: FLAGDESK_CHANNELS, events: FLAGDESK_PUSH_EVENTS },
);

contextBridge.exposeInMainWorld('flagdesk', { invoke: bridge.invoke, on: bridge.on });
