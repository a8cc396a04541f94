import diff from 'microdiff';

/**
 * preData -> data as a reader wants it: one entry per changed property (named by its path, with array elements named
 * by what they are, not by index), segment/project/strategy names instead of ids, lists as "+2 values / -1 value",
 * and the unchanged properties folded into one list of names. microdiff finds what changed; this module groups and
 * names it.
 */

type Json = Record<string, unknown>;

/** Names for ids the payloads carry; the page passes what it has loaded (a missing name shows the id). */
export interface NameLookup {
  segment?(id: string): string | undefined;
  project?(id: string): string | undefined;
  strategy?(id: string): string | undefined;
}

export type DiffEntry =
  | { kind: 'added'; path: string; after: string }
  | { kind: 'removed'; path: string; before: string }
  | { kind: 'changed'; path: string; before: string; after: string }
  | { kind: 'list'; path: string; added: string[]; removed: string[]; summary: string };

export interface SemanticDiff {
  entries: DiffEntry[];
  /** Top-level properties that did not change (folded in the view). */
  unchanged: string[];
  /** Nothing changed (Unleash's "(no changes)"). */
  identical: boolean;
}

type IdKind = keyof NameLookup;
const ID_KEYS: Record<string, IdKind> = {
  segments: 'segment',
  segmentIds: 'segment',
  segmentId: 'segment',
  project: 'project',
  projectId: 'project',
  oldProject: 'project',
  newProject: 'project',
  strategyId: 'strategy',
};
/** Strategy parameters that Unleash stores as one comma-separated string but users read as a list. */
const LIST_PARAMETERS = new Set(['userIds', 'IPs', 'hostNames']);

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPrimitive = (value: unknown): boolean => value === null || typeof value !== 'object';
const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

export function semanticDiff(before: Json | null | undefined, after: Json | null | undefined, names: NameLookup = {}): SemanticDiff {
  const entries: DiffEntry[] = [];
  const unchanged: string[] = [];
  const from = before ?? {};
  const to = after ?? {};
  const changed = new Set(diff(from, to).map((change) => String(change.path[0])));
  for (const key of unionKeys(from, to)) {
    if (changed.has(key)) compare(from[key], to[key], key, key, key in from, key in to, names, entries);
    else unchanged.push(key);
  }
  return { entries, unchanged, identical: entries.length === 0 };
}

function unionKeys(a: Json, b: Json): string[] {
  const keys = Object.keys(a);
  for (const key of Object.keys(b)) if (!Object.hasOwn(a, key)) keys.push(key);
  return keys;
}

function compare(
  a: unknown,
  b: unknown,
  path: string,
  key: string,
  hadA: boolean,
  hasB: boolean,
  names: NameLookup,
  out: DiffEntry[],
): void {
  if (!hadA || a === undefined) {
    out.push({ kind: 'added', path, after: display(b, key, names) });
    return;
  }
  if (!hasB || b === undefined) {
    out.push({ kind: 'removed', path, before: display(a, key, names) });
    return;
  }
  if (isObject(a) && isObject(b)) {
    const changed = new Set(diff(a, b).map((change) => String(change.path[0])));
    for (const inner of unionKeys(a, b)) {
      if (changed.has(inner)) compare(a[inner], b[inner], `${path} › ${inner}`, inner, inner in a, inner in b, names, out);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    compareArrays(a, b, path, key, names, out);
    return;
  }
  if (typeof a === 'string' && typeof b === 'string' && LIST_PARAMETERS.has(key)) {
    out.push(listEntry(path, splitList(a), splitList(b)));
    return;
  }
  out.push({ kind: 'changed', path, before: display(a, key, names), after: display(b, key, names) });
}

function compareArrays(a: unknown[], b: unknown[], path: string, key: string, names: NameLookup, out: DiffEntry[]): void {
  if (a.every(isPrimitive) && b.every(isPrimitive)) {
    const show = (value: unknown): string => display(value, key, names);
    out.push(listEntry(path, a.map(show), b.map(show)));
    return;
  }
  // Objects: match elements by what they are (id, name, or constraint context + operator), else by position.
  const own = identities(a).map((id, index) => ({ id, element: a[index] }));
  const theirs = identities(b).map((id, index) => ({ id, element: b[index] }));
  const byIdentity = new Map(own.map(({ id, element }) => [id, element]));
  const seen = new Set(theirs.map(({ id }) => id));
  theirs.forEach(({ id, element }, index) => {
    const label = `${path} › ${elementLabel(element, index)}`;
    if (!byIdentity.has(id)) out.push({ kind: 'added', path: label, after: display(element, key, names) });
    else if (diff({ v: byIdentity.get(id) }, { v: element }).length > 0) compare(byIdentity.get(id), element, label, key, true, true, names, out);
  });
  own.forEach(({ id, element }, index) => {
    if (!seen.has(id)) out.push({ kind: 'removed', path: `${path} › ${elementLabel(element, index)}`, before: display(element, key, names) });
  });
}

/** Multiset difference, so that a value listed twice and then once counts as one removed. */
function listEntry(path: string, before: string[], after: string[]): DiffEntry {
  const remaining = new Map<string, number>();
  for (const value of before) remaining.set(value, (remaining.get(value) ?? 0) + 1);
  const added: string[] = [];
  for (const value of after) {
    const count = remaining.get(value) ?? 0;
    if (count > 0) remaining.set(value, count - 1);
    else added.push(value);
  }
  const removed: string[] = [];
  for (const [value, count] of remaining) for (let i = 0; i < count; i++) removed.push(value);
  const parts = [added.length ? `+${plural(added.length, 'value')}` : '', removed.length ? `-${plural(removed.length, 'value')}` : ''];
  const summary = parts.filter(Boolean).join(' / ') || 'reordered';
  return { kind: 'list', path, added, removed, summary };
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Each element's identity; constraints (no id) by context and operator, numbered when one repeats. */
function identities(list: unknown[]): string[] {
  const occurrences = new Map<string, number>();
  return list.map((element, index) => {
    let base: string;
    if (!isObject(element)) base = `#${index}`;
    else if (element.id !== undefined && element.id !== null) base = `id:${String(element.id)}`;
    else if (typeof element.contextName === 'string') base = `c:${element.contextName}:${String(element.operator)}`;
    else if (typeof element.name === 'string') base = `n:${element.name}`;
    else base = `#${index}`;
    const seen = occurrences.get(base) ?? 0;
    occurrences.set(base, seen + 1);
    return `${base}:${seen}`;
  });
}

function elementLabel(element: unknown, index: number): string {
  if (isObject(element)) {
    if (typeof element.contextName === 'string') return `${element.contextName} ${String(element.operator ?? '')}`.trim();
    const named = element.title || element.name;
    if (typeof named === 'string' && named.length > 0) return named;
    if (element.id !== undefined) return `#${String(element.id)}`;
  }
  return `item ${index + 1}`;
}

/** A value as one line of text, with ids named where the key says what they are. */
export function display(value: unknown, key: string, names: NameLookup): string {
  const kind = ID_KEYS[key];
  if (kind && (typeof value === 'number' || typeof value === 'string')) {
    const name = names[kind]?.(String(value));
    return name ? `${name} (#${String(value)})` : typeof value === 'number' ? `#${value}` : value;
  }
  if (Array.isArray(value) && kind) return value.map((element) => display(element, key, names)).join(', ');
  if (typeof value === 'string') return JSON.stringify(value);
  if (isObject(value) && typeof value.contextName === 'string') return constraintText(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

function constraintText(constraint: Json): string {
  const values = Array.isArray(constraint.values) ? `[${constraint.values.map(String).join(', ')}]` : String(constraint.value ?? '');
  return `${constraint.inverted ? 'NOT ' : ''}${String(constraint.contextName)} ${String(constraint.operator)} ${values}`;
}
