import type { ArchiveOperations } from './operations/archive';
import type { CorsOperations } from './operations/cors';
import type { EventOperations } from './operations/events';
import type { InstanceOperations } from './operations/instance';
import type { PlaygroundOperations } from './operations/playground';
import type { SegmentOperations } from './operations/segments';
import type { StrategyTypeOperations } from './operations/strategy-types';

/**
 * Everything a backend does, one interface per area under operations/ (each beside the handlers of the channels
 * that are one call to it). The demo backend implements it in memory, the remote backend over HTTP. Every failure
 * is thrown as an ApiError (shared/errors.ts) carrying the status and Unleash error name the real server answers
 * with (Unleash 6.10.1 semantics). Operations are not channels: a screen reaches one only through a channel of
 * shared/contract.ts whose handler calls it.
 */
export interface AdminOperations
  extends SegmentOperations,
    EventOperations,
    StrategyTypeOperations,
    ArchiveOperations,
    CorsOperations,
    InstanceOperations,
    PlaygroundOperations {}

export interface AdminBackend extends AdminOperations {
  /**
   * A view of this backend whose requests are also cancelled when `signal` aborts (they then fail with status 0
   * 'AbortError'; other requests carry on). The demo answers at once and is its own view.
   */
  withSignal(signal: AbortSignal): AdminBackend;
}

/** An operation's input, for the modules that implement it. */
export type OperationInput<K extends keyof AdminOperations> = NonNullable<Parameters<AdminOperations[K]>[0]>;
