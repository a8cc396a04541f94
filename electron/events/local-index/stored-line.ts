import { z } from 'zod';
import { eventSchema, eventTagSchema, type FlagEvent } from '../../../shared/schemas';
import type { ColumnTexts } from '../../backend/demo/events/haystack';
import { jsonOrUndefined } from '../../../shared/json';

/**
 * A line of the copy on disk read back without parsing its bodies. The index wrote each line (chunkLine in
 * local-event-index.ts) as its scalar columns, then `"data":`, `"preData":` and `"tags":` followed by the very texts
 * it stores those bodies as; reading them back as texts spares a restart serialising every body again, and, for a
 * chunk whose sum matched, parsing it (loading a million events: 12.1-12.8 s instead of 18.7-20.7 s).
 *
 * Where each text ends is found without a JSON scanner:
 * - no scalar holds `,"data":`, since a JSON string cannot hold an unescaped quote: its first match is the key;
 * - tags come last, so the last `,"tags":` is theirs, unless the tags hold one themselves (a tag with a key "tags", at
 *   any depth). Then the text after it is cut inside the tags and fails to parse: the tags are parsed and checked;
 * - preData is jsonb text, which writes ", " and ": " between members: it never holds `,"preData":`, so the last match
 *   before the tags is its key, whatever data holds.
 * A body's text is still parsed once to check it, unless its chunk's SHA-256 matched the one written with it
 * (index-store.ts): a damaged body is never stored, as it was not before. Nothing is serialised again.
 * A line that does not read this way is parsed whole and checked, as before: a damaged line, or a copy written before
 * lines were made this way, which holds each event as JSON.stringify wrote it. Such a line has its scalars in the
 * server's order or the same order as here, but then label and summary after its tags, or preData in JSON.stringify's
 * form: one of the checks below (the order, the tags, preData's text, which must be jsonb's) fails on it.
 */

/** An event of the copy on disk: its scalar columns and its bodies as stored texts, or parsed whole. */
export type StoredEvent =
  | { kind: 'texts'; id: number; scalars: StoredScalars; texts: ColumnTexts }
  | { kind: 'parsed'; event: FlagEvent };

const scalarsSchema = z.strictObject(
  eventSchema.pick({ id: true, type: true, createdBy: true, createdAt: true, createdByUserId: true, environment: true, project: true, featureName: true }).shape,
);
export type StoredScalars = z.infer<typeof scalarsSchema>;
const tagsSchema = z.array(eventTagSchema);

const DATA_KEY = ',"data":';
const PRE_DATA_KEY = ',"preData":';
const TAGS_KEY = ',"tags":';

/** `checked`: the line is as the index wrote it (its chunk's sum matched), so its bodies need no parse to be checked. */
export function readStoredLine(line: string, checked = false): StoredEvent {
  return split(line, checked) ?? { kind: 'parsed', event: parseStoredLine(line) };
}

/** A line parsed whole and checked as an event (throws when it is not one). */
export function parseStoredLine(line: string): FlagEvent {
  return eventSchema.parse(JSON.parse(line));
}

function split(line: string, checked: boolean): StoredEvent | undefined {
  if (line.charCodeAt(line.length - 1) !== 0x7d /* } */) return undefined;
  const dataKey = line.indexOf(DATA_KEY);
  const tagsKey = line.lastIndexOf(TAGS_KEY);
  const preDataKey = tagsKey === -1 ? -1 : line.lastIndexOf(PRE_DATA_KEY, tagsKey - 1);
  if (dataKey === -1 || preDataKey <= dataKey) return undefined;
  const head = jsonOrUndefined(`${line.slice(0, dataKey)}}`);
  if (!inLineOrder(head)) return undefined;
  const scalars = scalarsSchema.safeParse(head);
  const tagsText = line.slice(tagsKey + TAGS_KEY.length, -1);
  const tags = tagsSchema.safeParse(jsonOrUndefined(tagsText));
  const data = objectText(line.slice(dataKey + DATA_KEY.length, preDataKey), checked);
  const preData = objectText(line.slice(preDataKey + PRE_DATA_KEY.length, tagsKey), checked);
  if (!scalars.success || !tags.success || data === undefined || preData === undefined || !isJsonbText(preData)) return undefined;
  return { kind: 'texts', id: scalars.data.id, scalars: scalars.data, texts: { data, preData, tags: tagsText } };
}

/** The scalar keys in the order chunkLine writes them, which is eventSchema's. */
const LINE_KEYS = Object.keys(scalarsSchema.shape).join();

function inLineOrder(head: unknown): boolean {
  return typeof head === 'object' && head !== null && Object.keys(head).join() === LINE_KEYS;
}

/**
 * An object's text (null for `null`), or undefined when it is not one: then the line is parsed whole. Unless the line
 * is `checked`, the text is parsed: one that parses and begins with a brace is one object, nothing after it.
 */
function objectText(text: string, checked: boolean): string | null | undefined {
  if (text === 'null') return null;
  if (text.charCodeAt(0) !== 0x7b /* { */ || text.charCodeAt(text.length - 1) !== 0x7d /* } */) return undefined;
  return checked || jsonOrUndefined(text) !== undefined ? text : undefined;
}

/**
 * Whether an object's text is jsonb's: members are joined by ", " (so the text never holds `,"`: within a string a
 * quote is escaped) and its first key is followed by ": ". JSON.stringify's text of two members or more holds `,"`,
 * and of one member writes `":` with no space.
 */
function isJsonbText(text: string | null): boolean {
  return text === null || text === '{}' || (!text.includes(',"') && FIRST_KEY_JSONB.test(text));
}
const FIRST_KEY_JSONB = /^\{"(?:[^"\\]|\\.)*": /;

