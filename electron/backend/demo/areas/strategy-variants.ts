import type { StrategyVariant } from '../../../../shared/schemas';
import { badData, badDataDetails } from '../../errors';
import type { StrategyVariantRecord } from '../model/state';

/**
 * A strategy's variants as Unleash 6.10.1 takes them (asked of 6.10.1 and 8.2.0): joi's checks of the list (no
 * undeclared key, no duplicate), then the weights fixed as for flag variants: `fix` ones keep theirs, the rest share
 * what is left of 1000 (the first ones one more each when it does not divide). At least one `variable` variant,
 * and `fix` ones at most 1000 together.
 */

const KEYS = new Set(['name', 'weight', 'weightType', 'stickiness', 'payload']);

// joi's unique() compares items deeply; key order does not matter
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

function checkList(variants: readonly StrategyVariant[]): void {
  const seen = new Set<string>();
  variants.forEach((variant, index) => {
    const extra = Object.keys(variant).find((key) => !KEYS.has(key));
    if (extra !== undefined) {
      const value = (variant as Record<string, unknown>)[extra];
      throw badDataDetails([{ message: `"[${index}].${extra}" is not allowed. You provided ${JSON.stringify(value)}.` }]);
    }
    const key = canonical(variant);
    if (seen.has(key)) throw badDataDetails([{ message: `"[${index}]" contains a duplicate value. You provided ${JSON.stringify(variant)}.` }]);
    seen.add(key);
  });
}

/**
 * The stored variants for a strategy's input, on add and on update alike (an empty list stays empty). The HTTP face
 * has checked the schema (weightType and stickiness required); a read strategy sent back whole has them too.
 */
export function storedStrategyVariants(variants: readonly StrategyVariant[]): StrategyVariantRecord[] {
  if (variants.length === 0) return [];
  checkList(variants);
  const variable = variants.filter((variant) => variant.weightType !== 'fix');
  if (variable.length === 0) throw badData('There must be at least one "variable" variant');
  const fixed = variants.filter((variant) => variant.weightType === 'fix').reduce((sum, variant) => sum + variant.weight, 0);
  if (fixed > 1000) throw badData('The traffic distribution total must equal 100%');
  const share = Math.floor((1000 - fixed) / variable.length);
  const remainder = (1000 - fixed) % variable.length;
  let nth = 0;
  return variants.map((variant) => {
    const weight = variant.weightType === 'fix' ? variant.weight : share + (nth++ < remainder ? 1 : 0);
    return {
      name: variant.name,
      weight,
      ...(variant.payload ? { payload: { type: variant.payload.type, value: variant.payload.value } } : {}),
      stickiness: variant.stickiness ?? 'default',
      weightType: variant.weightType ?? 'variable',
    };
  });
}
