/**
 * A copy of a string that keeps nothing else in memory. A string sliced out of a larger text (a page of events read by
 * the local copy's scanner, electron/events/local-index/page-scan.ts) keeps the whole text alive while it lives:
 * values held for good (interned column values, cached quotes) are copied once, when first held. JSON's round trip
 * rather than Buffer's keeps a lone surrogate as it is.
 */
export function ownString(value: string): string {
  return JSON.parse(JSON.stringify(value)) as string;
}
