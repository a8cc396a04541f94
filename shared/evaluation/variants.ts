import type { ClientVariant, EvaluationContext } from './client-state';
import { resolveContextValue } from './context-value';
import { normalizedVariantValue } from './hash';

/** How a variant was chosen, for the explanation. */
export interface VariantChoice {
  readonly variant: ClientVariant;
  readonly how: string;
}

const DEFAULT_STICKINESS = ['userId', 'sessionId', 'remoteAddress'] as const;

// As the SDK: a random number's string stands in when the context lacks the stickiness field.
const randomSeed = (random: () => number): string => String(Math.round(random() * 100000));

function seedFor(context: EvaluationContext, stickiness: string, random: () => number): { seed: string; from: string } {
  if (stickiness !== 'default') {
    const value = resolveContextValue(context, stickiness);
    return value ? { seed: value, from: stickiness } : { seed: randomSeed(random), from: `random (${stickiness} not set)` };
  }
  for (const key of DEFAULT_STICKINESS) {
    const value = (context as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '') return { seed: value, from: key };
  }
  return { seed: randomSeed(random), from: 'random (no userId, sessionId or remoteAddress)' };
}

function overrideFor(variants: readonly ClientVariant[], context: EvaluationContext): ClientVariant | undefined {
  return variants.find((variant) =>
    variant.overrides?.some((o) => o.values.some((value) => value === resolveContextValue(context, o.contextName))),
  );
}

/**
 * The SDK's selectVariantDefinition: an override wins; otherwise the stickiness value is hashed with the group id
 * into the total weight and the variant whose cumulative weight reaches it is chosen. Null when weights sum to 0.
 */
export function selectVariant(
  groupId: string | undefined,
  stickiness: string | null | undefined,
  variants: readonly ClientVariant[],
  context: EvaluationContext,
  random: () => number,
): VariantChoice | null {
  const totalWeight = variants.reduce((acc, v) => acc + v.weight, 0);
  if (totalWeight <= 0) return null;
  const override = overrideFor(variants, context);
  if (override) return { variant: override, how: `override on ${override.overrides!.map((o) => o.contextName).join(', ')}` };
  // Exactly the SDK's defaulting: only a missing stickiness means 'default' (null and '' are looked up as names).
  const { seed, from } = seedFor(context, stickiness === undefined ? 'default' : String(stickiness), random);
  // The SDK interpolates the group id as is, so a missing one hashes as "undefined".
  const target = normalizedVariantValue(seed, `${groupId}`, totalWeight);
  let counter = 0;
  const variant = variants.find((v) => {
    if (v.weight === 0) return false;
    counter += v.weight;
    return counter >= target;
  });
  return variant ? { variant, how: `stickiness ${from}: bucket ${target} of ${totalWeight}` } : null;
}
