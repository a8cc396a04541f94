import type { FlagdeskBridge } from '../shared/contract';

// The preload exposes the bridge on window; it is absent when the page runs outside Electron.
declare global {
  interface Window {
    flagdesk?: FlagdeskBridge;
  }
}

export {};
