import { z } from 'zod';
import { eventSchema, eventTagSchema, type FlagEvent } from '../../../shared/schemas';
import type { ColumnTexts } from '../../backend/demo/events/haystack';

/**
 * A line of the copy on disk read back without parsing its bodies. The index wrote each line (chunkLine in
 * local-event-index.ts) as its scalar columns, then `"data":`, `"preData":` and `"tags":` followed by the very texts
 * it stores those bodies as; reading them back as texts spares a restart parsing every body only to serialise it
 * again (about a third of loading a million events).
 *
 * Where each text ends is found without a JSON scanner:
 * - no scalar holds `,"data":`, since a JSON string cannot hold an unescaped quote: its first match is the key;
 * - tags come last, so the last `,"tags":` is theirs, unless a tag object has a key "tags". Then the text after it is
 *   cut inside that object and fails to parse: the tags are parsed and checked, and are small;
 * - preData is jsonb text, which writes ", " and ": " between members: it never holds `,"preData":`, so the last match
 *   before the tags is its key, whatever data holds.
 * A line that does not read this way is parsed whole and checked, as before: a damaged file, or a copy written before
 * lines were made this way (each event as the server sent it, preData as JSON.stringify writes it). Those are told
 * apart by the scalars' order, which is chunkLine's own, and by preData's text, which must be jsonb's.
 */

/** An event of the copy on disk: its scalar columns and its bodies as stored texts, or parsed whole. */
export type StoredEvent =
  | { kind: 'texts'; id: number; scalars: StoredScalars; texts: ColumnTexts }
  | { kind: 'parsed'; event: FlagEvent };

const scalarsSchema = z.strictObject({
  id: z.number().int().min(1),
  type: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  createdByUserId: z.number().nullable(),
  environment: z.string().nullable(),
  project: z.string().nullable(),
  featureName: z.string().nullable(),
});
export type StoredScalars = z.infer<typeof scalarsSchema>;
const tagsSchema = z.array(eventTagSchema);

const DATA_KEY = ',"data":';
const PRE_DATA_KEY = ',"preData":';
const TAGS_KEY = ',"tags":';

export function readStoredLine(line: string): StoredEvent {
  return split(line) ?? { kind: 'parsed', event: eventSchema.parse(JSON.parse(line)) };
}

function split(line: string): StoredEvent | undefined {
  if (line.charCodeAt(line.length - 1) !== 0x7d /* } */) return undefined;
  const dataKey = line.indexOf(DATA_KEY);
  const tagsKey = line.lastIndexOf(TAGS_KEY);
  const preDataKey = tagsKey === -1 ? -1 : line.lastIndexOf(PRE_DATA_KEY, tagsKey - 1);
  if (dataKey === -1 || preDataKey <= dataKey) return undefined;
  const head = tryJson(`${line.slice(0, dataKey)}}`);
  if (!inLineOrder(head)) return undefined;
  const scalars = scalarsSchema.safeParse(head);
  const tagsText = line.slice(tagsKey + TAGS_KEY.length, -1);
  const tags = tagsSchema.safeParse(tryJson(tagsText));
  const data = objectText(line.slice(dataKey + DATA_KEY.length, preDataKey));
  const preData = objectText(line.slice(preDataKey + PRE_DATA_KEY.length, tagsKey));
  if (!scalars.success || !tags.success || data === undefined || preData === undefined || !isJsonbText(preData)) return undefined;
  return { kind: 'texts', id: scalars.data.id, scalars: scalars.data, texts: { data, preData, tags: tagsText } };
}

/** The scalar keys in the order chunkLine writes them. */
const LINE_ORDER = Object.keys(scalarsSchema.shape).join();

function inLineOrder(head: unknown): boolean {
  return typeof head === 'object' && head !== null && Object.keys(head).join() === LINE_ORDER;
}

/** An object's text (null for `null`), or undefined when it is not one: then the line is parsed whole. */
function objectText(text: string): string | null | undefined {
  if (text === 'null') return null;
  return text.charCodeAt(0) === 0x7b /* { */ && text.charCodeAt(text.length - 1) === 0x7d /* } */ ? text : undefined;
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

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
