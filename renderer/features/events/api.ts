import { instanceKey } from '../../lib/instance-query';

/**
 * The event log's query keys. lib/query-client.ts makes every key under ['instance', profileId, 'events'] stale
 * after any successful write, so keep every event-log query under `eventKeys.all`.
 */
export const eventKeys = {
  all: (profileId: string) => [...instanceKey(profileId), 'events'] as const,
};
