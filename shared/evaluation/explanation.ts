import type { ClientConstraint, VariantPayload } from './client-state';

/** One constraint, checked: the context value it compared and, when it failed, why (in words a person reads). */
export interface ConstraintResult {
  readonly constraint: ClientConstraint | null;
  /** The context value compared (for date operators, the time used); undefined when the context lacks it. */
  readonly contextValue: string | undefined;
  readonly passed: boolean;
  /** Why it failed; null when it passed. */
  readonly reason: string | null;
}

export interface SegmentResult {
  readonly id: number;
  readonly name: string | undefined;
  /** False when the strategy names a segment the state does not hold (the SDKs then fail the strategy). */
  readonly found: boolean;
  readonly passed: boolean;
  readonly constraints: readonly ConstraintResult[];
}

export interface EvaluatedVariant {
  readonly name: string;
  readonly enabled: boolean;
  readonly payload?: VariantPayload;
  readonly feature_enabled: boolean;
}

export interface StrategyResult {
  readonly index: number;
  readonly name: string;
  readonly title: string | undefined;
  /** 'unknown' for a strategy type this evaluator does not implement (a custom one): the SDKs skip it. */
  readonly enabled: boolean | 'unknown';
  /** Whether its own constraints and its segments' constraints all pass (each is checked, even after a failure). */
  readonly constraintsPassed: boolean;
  readonly constraints: readonly ConstraintResult[];
  readonly segments: readonly SegmentResult[];
  /** The strategy's own rule (rollout bucket, user list, …), described; null when the constraints already failed. */
  readonly rule: { readonly passed: boolean | 'unknown'; readonly detail: string } | null;
  /** The strategy variant picked, when the strategy is the one that enabled the flag and it has variants. */
  readonly variant: EvaluatedVariant | null;
}

export interface DependencyResult {
  readonly feature: string;
  readonly expectEnabled: boolean;
  readonly variants: readonly string[];
  readonly satisfied: boolean;
  readonly reason: string | null;
}

/** Why a flag came out on or off. */
export interface FlagExplanation {
  readonly toggleName: string;
  readonly found: boolean;
  /** The flag's own switch in this environment (the payload's `enabled`). */
  readonly toggleEnabled: boolean;
  readonly dependencies: readonly DependencyResult[];
  readonly strategies: readonly StrategyResult[];
  /** The index of the strategy that enabled the flag (the first that did), or null. */
  readonly decidedBy: number | null;
  /** One sentence: the verdict's cause. */
  readonly summary: string;
}

export interface FlagEvaluation {
  readonly enabled: boolean;
  readonly variant: EvaluatedVariant;
  readonly explanation: FlagExplanation;
}
