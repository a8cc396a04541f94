/**
 * A copy of a string that keeps no larger string in memory. A string sliced out of a larger text (V8 slices any
 * substring of 13 characters or more) keeps the whole text alive while it lives: values held for good (interned column
 * values, cached quotes) are copied once, when first held, and so are the texts the local copy's scanner keeps from a
 * page of events (electron/events/local-index/answer-pieces.ts).
 *
 * Joined to a character, the value is a cons string, which V8 flattens into a new string before slicing it: the
 * result holds that copy (one character more) and not the value's parent. As fast as a slice (~70 ns for 40-200
 * characters, where JSON's round trip took ~700), and it keeps a lone surrogate as it is.
 */
export function ownString(value: string): string {
  return ` ${value}`.slice(1);
}
