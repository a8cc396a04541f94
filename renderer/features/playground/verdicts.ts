import type { FlagEvaluation, PlaygroundFeature } from '../../../shared/evaluation';

/** What a flag comes out as: on, off, or unknown when a strategy nobody here can evaluate could have turned it on. */
export type Verdict = 'on' | 'off' | 'unknown';

export interface LocalVerdict {
  verdict: Verdict;
  /** Why it is unknown, in words; null when it is on or off. */
  why: string | null;
}

const customNames = (evaluation: FlagEvaluation) => [
  ...new Set(evaluation.explanation.strategies.filter((s) => s.enabled === 'unknown').map((s) => s.title || s.name)),
];

/**
 * The evaluator answers off (as an SDK without the strategy's code would), but a custom strategy's rule lives in the
 * application's SDK only: when no strategy turned the flag on and a custom one might have, the honest answer is
 * unknown. A flag off by its own switch or an unmet dependency stays off whatever its strategies are.
 */
export function localVerdict(evaluation: FlagEvaluation): LocalVerdict {
  if (evaluation.enabled) return { verdict: 'on', why: null };
  const { explanation } = evaluation;
  const blocked = !explanation.toggleEnabled || explanation.dependencies.some((d) => !d.satisfied);
  const custom = customNames(evaluation);
  if (blocked || custom.length === 0) return { verdict: 'off', why: null };
  const list = custom.join(', ');
  return {
    verdict: 'unknown',
    why: `${custom.length === 1 ? 'a custom strategy' : 'custom strategies'} (${list}) decide${custom.length === 1 ? 's' : ''}: only the application's SDK knows ${custom.length === 1 ? 'its rule' : 'their rules'}, so Flagdesk cannot evaluate ${custom.length === 1 ? 'it' : 'them'}`,
  };
}

/**
 * The server's playground sets `isEnabled: false` when its strategies come out `unknown` (as the SDKs would treat
 * it), so `strategies.result` is what says unknown, once the flag's switch is on and its dependencies are met.
 */
export function serverVerdict(feature: PlaygroundFeature): Verdict {
  if (feature.isEnabled) return 'on';
  const reachable = feature.isEnabledInCurrentEnvironment && feature.hasUnsatisfiedDependency !== true;
  return reachable && feature.strategies.result === 'unknown' ? 'unknown' : 'off';
}

export type Agreement = 'agree' | 'differ' | 'unknown' | 'missing';

/** Unknown on either side is its own outcome: it is never counted as agreement nor as a difference. */
export function agreement(here: Verdict, server: Verdict | undefined): Agreement {
  if (server === undefined) return 'missing';
  if (here === 'unknown' || server === 'unknown') return 'unknown';
  return here === server ? 'agree' : 'differ';
}

export interface ComparisonCounts {
  agree: number;
  differ: number;
  unknown: number;
  missing: number;
}

export function countAgreements(outcomes: readonly Agreement[]): ComparisonCounts {
  const counts: ComparisonCounts = { agree: 0, differ: 0, unknown: 0, missing: 0 };
  for (const outcome of outcomes) counts[outcome] += 1;
  return counts;
}

const flags = (n: number) => `${n} flag${n === 1 ? '' : 's'}`;

/** The comparison in one sentence: agree, differ and unknown counted apart. */
export function comparisonSummary(counts: ComparisonCounts): string {
  const parts = [`agrees on ${flags(counts.agree)}`, `differs on ${flags(counts.differ)}`, `${flags(counts.unknown)} unknown (a custom strategy decides)`];
  if (counts.missing > 0) parts.push(`${flags(counts.missing)} not returned by the server`);
  return `The server ${parts.join(', ')}.`;
}
