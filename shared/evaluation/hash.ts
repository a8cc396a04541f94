import * as murmurNamespace from 'murmurhash3js';

// murmurhash3js is a UMD/CommonJS module: bundlers and Node's ESM loader expose it either as the namespace itself or
// as its default export. Both are the same object; take whichever this loader gives.
type Murmur = typeof murmurNamespace;
const murmur: Murmur = (murmurNamespace as unknown as { default?: Murmur }).default ?? murmurNamespace;

/** The official SDKs' bucketing: murmurhash3 x86 32-bit of "groupId:id", modulo the normalizer, 1-based. */
function normalizedValue(id: string, groupId: string, normalizer: number, seed: number): number {
  return (murmur.x86.hash32(`${groupId}:${id}`, seed) % normalizer) + 1;
}

const STRATEGY_SEED = 0;
const VARIANT_SEED = 86028157;

/** A bucket from 1 to 100 for percentage rollouts. */
export function normalizedStrategyValue(id: string, groupId: string): number {
  return normalizedValue(id, groupId, 100, STRATEGY_SEED);
}

/** A bucket from 1 to the total weight, for variant selection (a different seed, as the SDKs use). */
export function normalizedVariantValue(id: string, groupId: string, normalizer: number): number {
  return normalizedValue(id, groupId, normalizer, VARIANT_SEED);
}
