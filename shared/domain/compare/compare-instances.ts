import type {
  CompareCounts,
  CompareItem,
  CompareKind,
  CompareKindResult,
  CompareStatus,
  InstanceContent,
  OriginsMeaning,
} from '../../schemas';
import { COMPARE_KINDS } from '../../schemas/compare';
import { semanticDiff } from '../semantic-diff';
import { comparableOrigins } from './comparable';

/**
 * Two instances' comparable content (shared/domain/compare/comparable.ts) side by side, per kind: every item by
 * name, the same, differs (with the semantic diff of what promoting it would change on the right: right before,
 * left after), only left or only right. Pure: the window's main side and the CLI both call it.
 */

type Named = { name: string };
type Json = Record<string, unknown>;

export const KIND_LABEL: Readonly<Record<CompareKind, { one: string; many: string }>> = {
  segments: { one: 'segment', many: 'segments' },
  strategyTypes: { one: 'strategy type', many: 'strategy types' },
  contextFields: { one: 'context field', many: 'context fields' },
  corsOrigins: { one: 'front-end origin', many: 'front-end origins' },
};

export function emptyCounts(): CompareCounts {
  return { same: 0, differs: 0, onlyLeft: 0, onlyRight: 0 };
}

const COUNT_KEY: Readonly<Record<CompareStatus, keyof CompareCounts>> = {
  same: 'same',
  differs: 'differs',
  'only-left': 'onlyLeft',
  'only-right': 'onlyRight',
};

export function countItems(items: readonly CompareItem[]): CompareCounts {
  const counts = emptyCounts();
  for (const item of items) counts[COUNT_KEY[item.status]] += 1;
  return counts;
}

/** Two lists of comparable items matched by name (each already in its canonical form, so equal JSON is the same). */
export function compareNamed<T extends Named>(kind: CompareKind, left: readonly T[], right: readonly T[]): CompareItem[] {
  const rights = new Map(right.map((item) => [item.name, item]));
  const lefts = new Map(left.map((item) => [item.name, item]));
  const names = [...new Set([...lefts.keys(), ...rights.keys()])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return names.map((name): CompareItem => {
    const l = lefts.get(name);
    const r = rights.get(name);
    const asJson = (item: T | undefined): Json | null => (item ? (item as unknown as Json) : null);
    if (!r) return { kind, name, status: 'only-left', diff: null, left: asJson(l), right: null };
    if (!l) return { kind, name, status: 'only-right', diff: null, left: null, right: asJson(r) };
    if (JSON.stringify(l) === JSON.stringify(r)) return { kind, name, status: 'same', diff: null, left: asJson(l), right: asJson(r) };
    return { kind, name, status: 'differs', diff: semanticDiff(asJson(r), asJson(l)), left: asJson(l), right: asJson(r) };
  });
}

/** Every origin calls the front-end API when the list is empty (6.x-8.x) or holds `*`; else only the listed ones. */
export function originsMeaning(origins: readonly string[]): OriginsMeaning {
  return origins.length === 0 || origins.includes('*') ? 'everyone' : 'listed';
}

function whyEveryone(origins: readonly string[]): string {
  return origins.length === 0 ? 'its list is empty, which Unleash 6.x-8.x treat as *' : 'its list holds *';
}

/** One sentence on how the two lists behave differently for browsers, or null when they behave alike. */
export function originsBehaviour(left: readonly string[], right: readonly string[]): string | null {
  const l = originsMeaning(left);
  const r = originsMeaning(right);
  const plural = (n: number) => `${n} listed origin${n === 1 ? '' : 's'}`;
  if (l === 'everyone' && r === 'everyone') {
    if (left.length === 0 && right.length === 0) return null;
    if (left.includes('*') && right.includes('*')) return null;
    return `Both sides let every origin call the front-end API: left because ${whyEveryone(left)}, right because ${whyEveryone(right)}.`;
  }
  if (l === 'everyone') return `Left lets every origin call the front-end API (${whyEveryone(left)}); right only its ${plural(right.length)}.`;
  if (r === 'everyone') return `Right lets every origin call the front-end API (${whyEveryone(right)}); left only its ${plural(left.length)}.`;
  const a = comparableOrigins(left).join('\n');
  const b = comparableOrigins(right).join('\n');
  return a === b ? null : 'Browsers from an origin listed on one side only are refused by the other.';
}

function unavailable(kind: CompareKind, left: boolean, right: boolean): string {
  const sides = left && right ? 'either side' : left ? 'the left side' : 'the right side';
  return `The ${KIND_LABEL[kind].many} of ${sides} are not available (a bundle without them), so they are not compared.`;
}

export function compareKind(kind: CompareKind, left: InstanceContent, right: InstanceContent): CompareKindResult {
  const l = left[kind];
  const r = right[kind];
  if (l === null || r === null) return { kind, counts: emptyCounts(), items: [], unavailable: unavailable(kind, l === null, r === null) };
  let items: CompareItem[];
  if (kind === 'corsOrigins') {
    const asItems = (origins: unknown[]) => comparableOrigins(origins as string[]).map((name) => ({ name }));
    items = compareNamed(kind, asItems(l), asItems(r));
    const result: CompareKindResult = {
      kind,
      counts: countItems(items),
      items,
      origins: {
        left: l as string[],
        right: r as string[],
        leftMeaning: originsMeaning(l as string[]),
        rightMeaning: originsMeaning(r as string[]),
        behaviour: originsBehaviour(l as string[], r as string[]),
      },
    };
    return result;
  }
  items = compareNamed(kind, l as Named[], r as Named[]);
  return { kind, counts: countItems(items), items };
}

/** Every asked kind (all four by default), in the screen's order. */
export function compareContents(left: InstanceContent, right: InstanceContent, kinds: readonly CompareKind[] = COMPARE_KINDS): CompareKindResult[] {
  return COMPARE_KINDS.filter((kind) => kinds.includes(kind)).map((kind) => compareKind(kind, left, right));
}

export function totalCounts(results: readonly CompareKindResult[]): CompareCounts {
  const totals = emptyCounts();
  for (const result of results) {
    totals.same += result.counts.same;
    totals.differs += result.counts.differs;
    totals.onlyLeft += result.counts.onlyLeft;
    totals.onlyRight += result.counts.onlyRight;
  }
  return totals;
}
