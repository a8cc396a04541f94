import { CHANNELS, PUSH_EVENTS } from '../../shared/contract';
import type { BridgeNames } from './bridge';

/**
 * The preload's allow-list, derived from shared/contract.ts. The preload cannot import the contract (zod would come
 * with it), so the bundler writes these names into it as constants (scripts/build-electron.ts): derived, they cannot
 * drift from the contract, and electron/preload.ts declares them with the contract's name types.
 */
export const BRIDGE_NAMES: BridgeNames = { channels: CHANNELS, events: PUSH_EVENTS };

/** esbuild `define`s for the preload bundle: each global the preload reads, as JSON. */
export const PRELOAD_DEFINES = {
  FLAGDESK_CHANNELS: JSON.stringify(BRIDGE_NAMES.channels),
  FLAGDESK_PUSH_EVENTS: JSON.stringify(BRIDGE_NAMES.events),
};
