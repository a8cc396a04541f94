/** What other features may use of connections. */
export {
  useActiveProfile,
  useActiveProfileId,
  useCannotDo,
  useConnectionPushes,
  useConnectionStatus,
  useReachability,
  useReachabilityWatch,
  useServerLimitation,
} from './api';
export { ProtectionBadge, reviewLevel, useGuardedAction, useProtection } from './protection';
export { ReadOnlyNotice, useWriteAccess, WriteFieldset, WriteLink, type WriteAccess } from './write-access';
