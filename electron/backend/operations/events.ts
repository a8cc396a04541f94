import type {
  EventCreator,
  EventQueryPage,
  EventQueryParams,
  Events,
  ListEventsQuery,
  SearchEvents,
} from '../../../shared/schemas';

/** An answer's bytes, good until released: a remote's may be a pooled buffer, which release() gives back. */
export interface AnswerBytes {
  bytes: Buffer;
  release(): void;
}

/**
 * What a backend reads of the event log. No channel is one of these calls: the page's event API is `events.browse`
 * and its neighbours (electron/events/event-channels.ts), which read through them.
 */
export interface EventOperations {
  /** The newest events, optionally of one project (GET /api/admin/events). */
  listEvents(query?: ListEventsQuery): Promise<Events>;
  /** The deprecated body search (6.x); mapped to GET /search/events on 7+. */
  searchEvents(input?: SearchEvents): Promise<Events>;
  /** GET /api/admin/search/events: the 7+/8.x search (also in 6.10.1); events carry label and summary. */
  queryEvents(params?: EventQueryParams): Promise<EventQueryPage>;
  /**
   * queryEvents' answer as the UTF-8 JSON the server sent, undecoded: the local copy's sync scans it for what it stores
   * (electron/events/local-index/page-scan.ts), which parsing it whole would only serialise again. Release it once read.
   */
  queryEventsBytes(params?: EventQueryParams): Promise<AnswerBytes>;
  /** GET /api/admin/event-creators: every user id that wrote an event, with its name (5.x: from its newest events). */
  listEventCreators(): Promise<EventCreator[]>;
}
