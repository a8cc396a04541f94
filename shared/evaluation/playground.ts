import type { ClientConstraint, ClientFeature, ClientSegment, ClientStrategy, ClientVariant, EvaluationContext, EvaluationOptions } from './client-state';
import { compileConstraint } from './constraint';
import type { PlaygroundFeature, PlaygroundStrategy, PlaygroundVerdict } from './playground-schema';
import { ruleFor } from './strategies';
import { selectVariant } from './variants';

/**
 * Unleash 6.10.1's playground (src/lib/features/playground/{playground-service,feature-evaluator/*}.ts), reproduced on
 * the shared evaluator so the demo and its HTTP face answer as that server does. Where it differs from the SDKs:
 * every constraint, segment and rule is evaluated (no short-circuit); applicationHostname, custom strategies and
 * disabled strategies are 'unknown'; segments the state lacks are dropped, not failed; a dependency is unmet when the
 * parent's environment switch differs from the expected state; strategy variants take their stickiness from the
 * first variant only.
 */

export interface PlaygroundFlagInput extends ClientFeature {
  project: string;
  strategies: (ClientStrategy & { id: string })[];
}

export interface PlaygroundInput {
  environment: string;
  features: readonly PlaygroundFlagInput[];
  segments: readonly ClientSegment[];
  /** The context as the validator left it (numbers coerced to strings). */
  context: EvaluationContext;
}

type ServerVariant = { name: string; enabled: boolean; payload?: ClientVariant['payload']; feature_enabled?: boolean; featureEnabled?: boolean };

const dialect = 'server-6.10.1';

function checked(constraints: readonly (ClientConstraint | null)[] | null | undefined, context: EvaluationContext, now: () => Date) {
  const results = (constraints ?? [])
    .filter((c): c is ClientConstraint => !!c)
    .map((constraint) => {
      const { passed } = compileConstraint(constraint, dialect)(context, now);
      // The server spreads the constraint and stringifies `value` (dropping it when absent).
      const { value, ...rest } = constraint;
      return value === undefined ? { ...rest, result: passed } : { ...rest, value: String(value), result: passed };
    });
  return { result: results.every((r) => r.result), constraints: results };
}

function strategyVariant(strategy: ClientStrategy, context: EvaluationContext, random: () => number): ServerVariant | undefined {
  const variants = strategy.variants;
  if (!variants) return undefined;
  const parameters = strategy.parameters ?? {};
  const choice = selectVariant(parameters.groupId as string | undefined, variants[0]?.stickiness ?? undefined, variants, context, random);
  if (!choice) return undefined;
  const { name, payload } = choice.variant;
  return payload === undefined ? { name, enabled: true } : { name, enabled: true, payload };
}

function evaluateStrategy(
  strategy: ClientStrategy & { id: string },
  segments: ReadonlyMap<number, ClientSegment>,
  context: EvaluationContext,
  options: Required<Pick<EvaluationOptions, 'random' | 'now'>> & EvaluationOptions,
): PlaygroundStrategy {
  const own = checked(strategy.constraints, context, options.now);
  const segmentResults = (strategy.segments ?? [])
    .map((id) => segments.get(id))
    .filter((s): s is ClientSegment => s !== undefined)
    .map((segment) => {
      const { result, constraints } = checked(segment.constraints, context, options.now);
      return { name: segment.name ?? String(segment.id), id: segment.id, result, constraints };
    });
  const segmentsPass = segmentResults.every((s) => s.result);
  const head = {
    name: strategy.name,
    id: strategy.id,
    ...(strategy.title ? { title: strategy.title } : {}),
    disabled: strategy.disabled || false,
    parameters: (strategy.parameters ?? {}) as Record<string, unknown>,
  };
  const tail = { constraints: own.constraints, segments: segmentResults };
  const rule = strategy.name === 'applicationHostname' ? undefined : ruleFor(strategy.name);
  if (strategy.disabled) return { ...head, result: { enabled: 'unknown', evaluationStatus: 'unevaluated' }, ...tail };
  if (!rule) {
    const enabled: PlaygroundVerdict = own.result && segmentsPass ? 'unknown' : false;
    return { ...head, result: { enabled, evaluationStatus: 'incomplete' }, ...tail };
  }
  const ruleResult = rule({ parameters: head.parameters, context, random: options.random, hostname: undefined }).passed;
  const variant = strategyVariant(strategy, context, options.random);
  const result = {
    enabled: own.result && ruleResult && segmentsPass,
    evaluationStatus: 'complete' as const,
    ...(variant ? { variant, variants: strategy.variants ?? [] } : {}),
  };
  return { ...head, result, ...tail };
}

interface FlagVerdict {
  result: PlaygroundVerdict;
  strategies: PlaygroundStrategy[];
  variant: ServerVariant | undefined;
  variants: ClientVariant[] | undefined;
}

/** Evaluates every flag of the input as POST /api/admin/playground does (without `input`, which the caller adds). */
export function evaluatePlayground(input: PlaygroundInput, options: EvaluationOptions = {}): PlaygroundFeature[] {
  const resolved = { ...options, random: options.random ?? Math.random, now: options.now ?? (() => new Date()) };
  const features = new Map(input.features.map((f) => [f.name, f]));
  const segments = new Map(input.segments.map((s) => [s.id, s]));
  const { context } = input;

  const verdict = (feature: PlaygroundFlagInput): FlagVerdict => {
    if (feature.strategies.length === 0) return { result: feature.enabled, strategies: [], variant: undefined, variants: undefined };
    const strategies = feature.strategies.map((s) => evaluateStrategy(s, segments, context, resolved));
    const winner = strategies.find((s) => s.result.enabled === true);
    if (winner && winner.result.evaluationStatus === 'complete') {
      return {
        result: true,
        strategies,
        variant: (winner.result.variant ?? undefined) as ServerVariant | undefined,
        variants: (winner.result.variants ?? undefined) as ClientVariant[] | undefined,
      };
    }
    const unknown = strategies.some((s) => s.result.enabled === 'unknown');
    return { result: unknown ? 'unknown' : false, strategies, variant: undefined, variants: undefined };
  };

  const satisfied = (feature: PlaygroundFlagInput): boolean =>
    (feature.dependencies ?? []).every((dependency) => {
      const parent = features.get(dependency.feature);
      if (!parent || parent.dependencies?.length) return false;
      if (Boolean(dependency.enabled) !== Boolean(parent.enabled)) return false;
      const parentVerdict = verdict(parent);
      if (dependency.enabled !== false) {
        if (dependency.variants?.length) return dependency.variants.includes(resolveVariant(parent, parentVerdict).name);
        return parentVerdict.result === true;
      }
      return parentVerdict.result !== true;
    });

  // The client's resolveVariant with a forced result (forceGetVariant), for an enabled flag.
  const resolveVariant = (feature: PlaygroundFlagInput, flag: FlagVerdict): ServerVariant => {
    const enabled = flag.result === true;
    const fallback: ServerVariant = { feature_enabled: enabled, featureEnabled: enabled, name: 'disabled', enabled: false };
    if (!satisfied(feature)) return { ...fallback, feature_enabled: false, featureEnabled: false };
    if (enabled && flag.variant) return flag.variant;
    if (!enabled) return fallback;
    const variants = feature.variants ?? [];
    if (variants.length === 0 || !feature.enabled) return fallback;
    const choice = selectVariant(feature.name, variants[0]!.stickiness ?? undefined, variants, context, resolved.random);
    if (!choice) return fallback;
    const { name, payload } = choice.variant;
    return { name, ...(payload ? { payload } : {}), enabled: true, feature_enabled: true, featureEnabled: true };
  };

  return input.features.map((feature) => {
    const flag = verdict(feature);
    const hasUnsatisfiedDependency = !satisfied(feature);
    const isEnabled = flag.result === true && feature.enabled && !hasUnsatisfiedDependency;
    const variant = { ...(isEnabled ? resolveVariant(feature, flag) : { name: 'disabled', enabled: false }), feature_enabled: isEnabled };
    return {
      isEnabled,
      isEnabledInCurrentEnvironment: feature.enabled,
      hasUnsatisfiedDependency,
      variant,
      variants: flag.variants ?? feature.variants ?? [],
      name: feature.name,
      projectId: feature.project,
      strategies: {
        result: flag.result,
        data: flag.strategies.map((strategy) => ({
          ...strategy,
          links: {
            edit: `/projects/${feature.project}/features/${feature.name}/strategies/edit?environmentId=${input.environment}&strategyId=${strategy.id}`,
          },
        })),
      },
    };
  });
}
