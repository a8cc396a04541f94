import type { createRemoteBackend } from '../../electron/backend/remote/remote-backend';
import type { EventQueryParams } from '../../shared/schemas';
import { scannedSearch } from '../../electron/events/local-index/page-scan';

/**
 * The sync's query over a remote, counting its requests and the time they took: the bench rows say how many requests
 * a full sync made and their mean.
 */
export function timedQuery(remote: ReturnType<typeof createRemoteBackend>) {
  let requests = 0;
  let requestMs = 0;
  const query = async (params: EventQueryParams, signal: AbortSignal) => {
    const t = performance.now();
    try {
      // as the app's sync reads its pages (event-features.ts)
      return await scannedSearch(remote, params, signal);
    } finally {
      requests++;
      requestMs += performance.now() - t;
    }
  };
  return { query, stats: () => ({ requests, requestMsMean: requestMs / Math.max(1, requests) }) };
}
