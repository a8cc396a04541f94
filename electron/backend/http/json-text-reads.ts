import type { EventQueryParams } from '../../../shared/schemas/event';

/**
 * Reads a backend can answer already serialised, which the face then serves as they are instead of JSON.stringify of
 * the operation's objects. Each is the JSON text, as UTF-8, of what the AdminBackend operation of the same name
 * answers for the same input: JSON.parse of it deep-equals that answer, keys in the same order (the backend's tests
 * hold it to that), and it throws what the operation throws. The face runs the same pipeline before either
 * (authentication, request validation) and maps a throw the same way. It rewrites no answer (token scrubbing is IPC's,
 * electron/ipc/dispatch.ts, and the remote client's), so a text needs nothing more.
 *
 * Only the demo has one: its event log keeps the bodies as JSON text, which a million-event export had parsed into
 * objects and serialised again, page by page (electron/backend/demo/events/event-json.ts).
 */
export interface JsonTextReads {
  /** GET /api/admin/search/events: the text of queryEvents(params). */
  queryEvents(params: EventQueryParams): Promise<Uint8Array>;
}
