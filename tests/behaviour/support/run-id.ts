/**
 * Real servers keep their state between runs, so every fixture name carries this run's suffix and scenarios
 * assert relative facts only.
 */
export const RUN_ID = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

let counter = 0;

/** A name no earlier run (and no other scenario of this run) has used. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${RUN_ID}-${counter}`;
}
