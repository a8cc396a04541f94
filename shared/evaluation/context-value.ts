import type { EvaluationContext } from './client-state';

/**
 * A context field's value as the SDKs compare it: a top-level field first, then `properties`, turned into a string;
 * undefined when absent or null.
 */
export function resolveContextValue(context: EvaluationContext, field: string): string | undefined {
  const value = (context as Record<string, unknown>)[field] ?? context.properties?.[field];
  return value !== undefined && value !== null ? String(value) : undefined;
}

/** Shows a value in an explanation: quoted, or "not set". */
export function shown(value: string | undefined): string {
  return value === undefined ? '(not set)' : JSON.stringify(value);
}

/** Shows a list of constraint values, the first few of them. */
export function shownList(values: readonly string[]): string {
  const head = values.slice(0, 5).map((v) => JSON.stringify(v));
  return `[${head.join(', ')}${values.length > 5 ? `, … (${values.length - 5} more)` : ''}]`;
}
