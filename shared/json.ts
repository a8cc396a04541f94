/** The value of a JSON text, or undefined when it is not one: for answers and files that may be anything. */
export function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
