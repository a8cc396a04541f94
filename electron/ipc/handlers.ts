import type { AdminBackend } from '../backend/admin-backend';
import { contextFieldUsageHandlers } from '../backend/context-field-usage';
import { archiveHandlers } from '../backend/operations/archive';
import { corsHandlers } from '../backend/operations/cors';
import { instanceHandlers } from '../backend/operations/instance';
import type { OnActiveBackend } from '../backend/operations/on-active-backend';
import { playgroundHandlers } from '../backend/operations/playground';
import { segmentHandlers } from '../backend/operations/segments';
import { strategyTypeHandlers } from '../backend/operations/strategy-types';
import { createJobHandlers, type AdminJobs } from '../archive/job-handlers';
import { compareHandlers } from '../compare/compare-handlers';
import { connectionHandlers } from '../connections/connection-handlers';
import type { ConnectionManager } from '../connections/connection-manager';
import { eventHandlers } from '../events/event-handlers';
import type { EventFeatures } from '../events/event-features';
import { playgroundFileHandlers } from '../playground/playground-handlers';
import { createStrategyTypeHandlers } from '../strategy-types/strategy-type-handlers';
import type { Handlers } from './handler-types';
import type { PushPayload } from '../../shared/contract';

/**
 * Every contract channel's handler: each area exports its slice beside its code, and this map only spreads them.
 * Typed by `Handlers`, so a channel without its handler does not compile; a slice whose handler drifts from the
 * contract does not compile where it is written (`satisfies HandlerSlice`).
 */
export function createHandlers(
  connections: ConnectionManager,
  events: EventFeatures,
  adminJobs: AdminJobs,
  compareProgress: (event: PushPayload<'compare.progress'>) => void = () => undefined,
): Handlers {
  const onActiveBackend: OnActiveBackend<AdminBackend> = async (operation) => operation(await connections.backend());
  return {
    ...segmentHandlers(onActiveBackend),
    ...strategyTypeHandlers(onActiveBackend),
    ...createStrategyTypeHandlers(() => connections.backend()),
    ...archiveHandlers(onActiveBackend),
    ...corsHandlers(onActiveBackend),
    ...instanceHandlers(onActiveBackend),
    ...contextFieldUsageHandlers(() => connections.backend()),
    ...playgroundHandlers(onActiveBackend),
    ...eventHandlers(events),
    ...createJobHandlers(connections, adminJobs),
    ...playgroundFileHandlers(adminJobs.shell),
    ...connectionHandlers(connections),
    ...compareHandlers(connections, adminJobs.shell, compareProgress),
  };
}
