/**
 * The one IPC channel every push event travels on (one listener in the preload fans them out by name). Zod-free,
 * for the sandboxed preload; the channel and event names themselves come from shared/contract.ts (the preload's
 * copy is written into its bundle by scripts/build-electron.ts).
 */
export const PUSH_CHANNEL = 'flagdesk:push';
