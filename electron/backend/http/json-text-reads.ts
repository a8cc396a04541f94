import type { EventQueryParams } from '../../../shared/schemas/event';

/**
 * Reads a backend can answer already serialised, which the face then serves as they are instead of JSON.stringify of
 * the operation's objects. Each is the JSON text, as UTF-8, of what the AdminBackend operation of the same name
 * answers for the same input: JSON.parse of it deep-equals that answer, keys in the same order (the backend's tests
 * hold it to that), and it throws what the operation throws. The face applies the same pipeline to both (authentication, request
 * validation, error mapping); it does not rewrite answers (no token scrubbing: that is IPC's, electron/ipc/dispatch.ts,
 * and the remote client's), so a text needs none either.
 *
 * Only the demo has one: its event log keeps the bodies as JSON text, and a million-event export spent most of the
 * demo-server's time parsing them into objects and serialising those again (electron/backend/demo/events/event-json.ts).
 */
export interface JsonTextReads {
  /** GET /api/admin/search/events: the text of queryEvents(params). */
  queryEvents(params: EventQueryParams): Promise<Uint8Array>;
}
