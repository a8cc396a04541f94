import type { Channel } from '../../../shared/contract';

/**
 * A fixed list of hostile payloads per channel, built from its valid sample: every one must be refused (docs/architecture.md#ipc),
 * none may be dropped because the schema happens to accept it. Oversized strings (1 MB) and arrays (100,001 items)
 * at every leaf, NUL appended to every string, whitespace-only names and ids, and deeply nested values.
 */
type Path = (string | number)[];
export interface Hostile {
  label: string;
  payload: unknown;
}

const BIG_STRING = 'x'.repeat(1_000_001);
const BIG_ARRAY = 100_001;
const DEPTH = 10_000;
/** Strings that name something: blank is never a valid one. */
const NAME_KEYS = new Set(['name', 'contextName', 'strategyId', 'projectId', 'featureName', 'environmentId', 'environment', 'childFeature', 'token', 'baseUrl', 'id', 'origins', 'features']);

function leaves(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  if (Array.isArray(value)) return [{ path, value }, ...value.flatMap((item, i) => leaves(item, [...path, i]))];
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  return [{ path, value }];
}

function replaced(root: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(root)) return root.map((item, i) => (i === head ? replaced(item, rest, next) : item));
  const record = root as Record<string, unknown>;
  return { ...record, [head as string]: replaced(record[head as string], rest, next) };
}

function nested(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
}

/** The key a leaf hangs under (an array item counts as its array's key). */
function keyOf(path: Path): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return path[i] as string;
  return undefined;
}

export function hostilePayloads(channel: Channel, sample: unknown): Hostile[] {
  const out: Hostile[] = [];
  const where = (path: Path) => `${channel} ${path.join('.') || '(root)'}`;
  for (const leaf of leaves(sample)) {
    if (typeof leaf.value === 'string') {
      out.push({ label: `${where(leaf.path)}: 1 MB string`, payload: replaced(sample, leaf.path, BIG_STRING) });
      out.push({ label: `${where(leaf.path)}: NUL`, payload: replaced(sample, leaf.path, `${leaf.value}\u0000`) });
      if (NAME_KEYS.has(keyOf(leaf.path) ?? '')) {
        out.push({ label: `${where(leaf.path)}: whitespace only`, payload: replaced(sample, leaf.path, ' \t ') });
      }
    }
    if (Array.isArray(leaf.value)) {
      const item: unknown = leaf.value[0] ?? 'x';
      out.push({ label: `${where(leaf.path)}: ${BIG_ARRAY} items`, payload: replaced(sample, leaf.path, Array(BIG_ARRAY).fill(item)) });
    }
  }
  if (typeof sample === 'object' && sample !== null) {
    for (const key of Object.keys(sample)) {
      out.push({ label: `${channel} ${key}: ${DEPTH}-deep arrays`, payload: { ...sample, [key]: nested(DEPTH, (inner) => [inner]) } });
    }
  }
  out.push({ label: `${channel}: ${DEPTH}-deep objects`, payload: nested(DEPTH, (inner) => ({ a: inner })) });
  return out;
}
