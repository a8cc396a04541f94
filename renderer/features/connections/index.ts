/** What other features may use of connections. */
export { useActiveProfile, useActiveProfileId, useConnectionPushes, useConnectionStatus } from './api';
