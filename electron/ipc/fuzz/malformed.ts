/**
 * Deterministic generator of malformed IPC payloads: wrong types, missing fields, huge strings, deep nesting,
 * prototype-pollution keys, arrays for objects, NaN... applied at the top and at every position of a valid sample.
 * Candidates that the contract happens to accept are dropped by the caller (a huge string may be a valid name).
 */

import { Prng } from '../../../shared/prng';

type Json = unknown;

function deepObject(depth: number): Json {
  let value: Json = { leaf: true };
  for (let i = 0; i < depth; i += 1) value = { nested: value };
  return value;
}

function deepArray(depth: number): Json {
  let value: Json = [];
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

/** An own, enumerable key named like a prototype accessor, as JSON.parse or structured clone would create it. */
function withOwnKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

const HUGE = 'x'.repeat(1_000_000);

/** Values that are wrong almost anywhere. */
export const BAD_VALUES: readonly Json[] = [
  null,
  undefined,
  0,
  -1,
  1.5,
  -0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  'x',
  '1',
  HUGE,
  '\u0000',
  '../../etc/passwd',
  true,
  false,
  [],
  [null],
  [1, 'a', {}],
  {},
  { length: 1, 0: 'a' },
  deepObject(2_000),
  deepArray(2_000),
  new Date(0),
  new Map([['a', 1]]),
  new Set([1]),
  new Uint8Array([1, 2, 3]),
  BigInt(1),
  Object.create(null) as unknown,
  JSON.parse('{"__proto__": {"polluted": "yes"}}'),
  { constructor: { prototype: { polluted: 'yes' } } },
  withOwnKey({}, 'prototype', { polluted: 'yes' }),
  Array.from({ length: 1_000 }, (_, i) => i),
  Array.from({ length: 500 }, () => HUGE.slice(0, 100)),
];

/** Keys a strict object must refuse (each one alone makes the payload malformed). */
export const EXTRA_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  'polluted',
  '',
  ' ',
  'k'.repeat(10_000),
  '$where',
];

type Path = (string | number)[];

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return Array.isArray(value) || (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype);
}

/** Every position inside a sample (not the root). */
function paths(value: unknown, prefix: Path = []): Path[] {
  if (!isPlainContainer(value)) return [];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => {
    const child = (value as Record<string | number, unknown>)[key];
    return [[...prefix, key], ...paths(child, [...prefix, key])];
  });
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** Returns a copy with `edit` applied to the container at `path`'s parent. */
function editAt(sample: unknown, path: Path, edit: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  const copy = clone(sample);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (last !== undefined) edit(parent, last);
  return copy;
}

/** Objects inside a sample, root included, as paths. */
function objectPaths(sample: unknown): Path[] {
  const all: Path[] = [[], ...paths(sample)];
  return all.filter((path) => {
    let node: unknown = sample;
    for (const key of path) node = (node as Record<string | number, unknown>)[key];
    return isPlainContainer(node) && !Array.isArray(node);
  });
}

function valueAt(sample: unknown, path: Path): unknown {
  let node: unknown = sample;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

/** At least `minimum` candidates (more when the sample has many positions), same list on every run. */
export function malformedCandidates(sample: unknown, minimum: number, seed = 1): unknown[] {
  const out: unknown[] = [];
  // 1. The whole payload replaced.
  out.push(...BAD_VALUES);
  // 2. Every position replaced by every bad value; every key removed; objects swapped for arrays.
  for (const path of paths(sample)) {
    for (const bad of BAD_VALUES) out.push(editAt(sample, path, (parent, key) => void (parent[key] = bad)));
    out.push(editAt(sample, path, (parent, key) => void delete parent[key]));
    const current = valueAt(sample, path);
    if (isPlainContainer(current) && !Array.isArray(current)) {
      out.push(editAt(sample, path, (parent, key) => void (parent[key] = Object.values(current))));
    }
  }
  if (isPlainContainer(sample) && !Array.isArray(sample)) out.push(Object.values(sample), [sample]);
  // 3. Extra keys (prototype-pollution names first) on every object.
  const objects = objectPaths(sample);
  for (const path of objects) {
    for (const key of EXTRA_KEYS) {
      for (const value of [{ polluted: 'yes' }, 'yes', 1, null]) {
        if (path.length === 0) out.push(withOwnKey(sample as Record<string, unknown>, key, value));
        else out.push(editAt(sample, path, (parent, k) => void (parent[k] = withOwnKey(parent[k] as Record<string, unknown>, key, value))));
      }
    }
  }
  // 4. Top up with seeded pairs: a bad value at one position plus an extra key somewhere.
  const random = new Prng(seed);
  const positions = paths(sample);
  while (out.length < minimum) {
    const key = EXTRA_KEYS[random.int(EXTRA_KEYS.length)] ?? '__proto__';
    const bad = BAD_VALUES[random.int(BAD_VALUES.length)];
    const path = positions[random.int(positions.length)];
    const base = path ? editAt(sample, path, (parent, k) => void (parent[k] = bad)) : bad;
    out.push(isPlainContainer(base) && !Array.isArray(base) ? withOwnKey(base, key, bad) : [base, bad]);
  }
  return out;
}
