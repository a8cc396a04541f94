import type { EventTag } from '../../../../shared/schemas/event';
import { jsonbText, jsonDeepEqual, jsonText } from '../../event-query/pg-json-text';
import type { ColumnTexts } from './haystack';

/**
 * An event on its way into the log (event-log.ts): what a caller hands in (NewEvent), the row it becomes with its
 * bodies already serialised to the texts the search runs over (Row), and the date check every dated append makes.
 * Apart from the log so that its file holds what the log answers, and these conversions sit together.
 */

export interface NewEvent {
  type: string;
  createdBy: string;
  createdByUserId?: number | null;
  project?: string | null;
  featureName?: string | null;
  environment?: string | null;
  data?: Record<string, unknown> | null;
  preData?: Record<string, unknown> | null;
  tags?: EventTag[];
}

/** One stored row before it is indexed: the column texts are already in their Postgres form. */
export interface Row {
  type: string;
  createdBy: string;
  createdByUserId: number | null;
  project: string | null;
  featureName: string | null;
  environment: string | null;
  dataText: string | null;
  preDataText: string | null;
  tagsText: string | null;
}

/** Serialises an event to its column texts, or undefined for a no-op update (data deep-equals preData). */
export function toRow(event: NewEvent, keepNoOps = false): Row | undefined {
  if (!keepNoOps && event.data != null && event.preData != null && jsonDeepEqual(event.data, event.preData)) return undefined;
  return rowOf(
    event,
    event.data == null ? null : jsonText(event.data),
    event.preData == null ? null : jsonbText(event.preData),
    event.tags && event.tags.length > 0 ? jsonText(event.tags) : null,
  );
}

/** A row of an event's scalar columns (absent ones null) and its bodies' texts. */
export function rowOf(event: Omit<NewEvent, 'data' | 'preData' | 'tags'>, dataText: string | null, preDataText: string | null, tagsText: string | null): Row {
  return {
    type: event.type,
    createdBy: event.createdBy,
    createdByUserId: event.createdByUserId ?? null,
    project: event.project ?? null,
    featureName: event.featureName ?? null,
    environment: event.environment ?? null,
    dataText,
    preDataText,
    tagsText,
  };
}

/** createdAt in ms, refused when unreadable or earlier than `notBefore` (events are stored in time order). */
export function checkedDate(createdAt: string, notBefore: number | undefined): number {
  const ms = Date.parse(createdAt);
  if (Number.isNaN(ms)) throw new Error(`appendHistory: invalid createdAt ${JSON.stringify(createdAt)}`);
  if (notBefore !== undefined && ms < notBefore) throw new Error(`appendHistory: createdAt ${createdAt} is earlier than the newest event`);
  return ms;
}

export function columnTexts(row: Row): ColumnTexts {
  return { data: row.dataText, preData: row.preDataText, tags: row.tagsText };
}
