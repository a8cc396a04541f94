import { readableSummary } from '../../../shared/domain/event-wording';
import type { EventQueryPage, EventQueryParams, FlagEvent } from '../../../shared/schemas';

/**
 * Follow mode: polls the search for events newer than the last one seen, reports how many arrived (the page shows
 * "N new" without moving what the user reads) and raises an OS notification for the watched types, e.g.
 * `setting-updated`. Main runs it, so notifications come from the main process and the page never supplies text.
 */
export interface EventTail {
  /** Starts (or retunes) following; `watchedTypes` are the types that raise a notification. */
  follow(options: { watchedTypes: readonly string[]; intervalMs?: number }): void;
  stop(): void;
  /** One poll now (the timer calls it; tests call it directly). Resolves to the new events, newest first. */
  poll(): Promise<FlagEvent[]>;
  readonly following: boolean;
}

export interface EventTailOptions {
  query(params: EventQueryParams): Promise<EventQueryPage>;
  notify(title: string, body: string): void;
  /** Told after each poll that found something. */
  onNew(update: { newestId: number; count: number }): void;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

const DEFAULT_INTERVAL_MS = 10_000;
/** A burst beyond this is summed up in one notification instead of one each. */
const MAX_NOTIFICATIONS = 3;

export function createEventTail(options: EventTailOptions): EventTail {
  const every = options.setInterval ?? ((fn, ms) => setInterval(fn, ms));
  const cancel = options.clearInterval ?? ((handle) => clearInterval(handle as NodeJS.Timeout));
  let timer: unknown = null;
  let watched = new Set<string>();
  let newestId: number | null = null;
  let polling: Promise<FlagEvent[]> | null = null;

  async function pollOnce(): Promise<FlagEvent[]> {
    const page = await options.query({ limit: '100' });
    const top = page.events[0]?.id ?? 0;
    if (newestId === null) {
      newestId = top; // the first poll sets the mark: what existed before following is not "new"
      return [];
    }
    const mark = newestId;
    const fresh = page.events.filter((event) => event.id > mark);
    if (fresh.length === 0) return [];
    newestId = Math.max(mark, top);
    options.onNew({ newestId, count: fresh.length });
    const notable = fresh.filter((event) => watched.has(event.type));
    for (const event of notable.slice(0, MAX_NOTIFICATIONS)) {
      options.notify(event.label ?? event.type, readableSummary(event));
    }
    if (notable.length > MAX_NOTIFICATIONS) options.notify('More watched events', `${notable.length - MAX_NOTIFICATIONS} more watched events arrived`);
    return fresh;
  }

  const tail: EventTail = {
    get following() {
      return timer !== null;
    },
    follow({ watchedTypes, intervalMs }) {
      watched = new Set(watchedTypes);
      if (timer !== null) cancel(timer);
      timer = every(() => void tail.poll().catch(() => undefined), intervalMs ?? DEFAULT_INTERVAL_MS);
      void tail.poll().catch(() => undefined);
    },
    stop() {
      if (timer !== null) cancel(timer);
      timer = null;
      newestId = null;
    },
    poll() {
      // one poll at a time: a slow server must not stack requests up
      polling ??= pollOnce().finally(() => {
        polling = null;
      });
      return polling;
    },
  };
  return tail;
}
