import type { z } from 'zod';
import type { ErrorDetail } from '../../../shared/schemas';
import { notAllowedDetail } from '../errors';

/**
 * The one place that turns zod issues into the detail Unleash's OpenAPI validator sends (docs/server-behaviour.md#errors,
 * src/lib/error/bad-data-error.ts). Unleash runs ajv without allErrors, so only the first error is reported; ajv
 * checks an object's required properties first, then additionalProperties, then each property in turn, depth first.
 * zod reports everything in property order, so we pick the issue ajv would have stopped at.
 */

export type RequestPart = 'params' | 'query' | 'body';

type Issue = z.core.$ZodIssue;

/** A required property that is absent: ajv's `required` error. An enum reports it as invalid_value, not invalid_type. */
function isMissing(issue: Issue): boolean {
  return (issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined;
}

/** ajv's rank of an issue at one level of the path: 0 required, 1 additionalProperties, 2 anything nested. */
function rankAt(issue: Issue, level: number): number {
  if (issue.code === 'unrecognized_keys') return level === issue.path.length ? 1 : 2;
  if (level === issue.path.length - 1 && isMissing(issue)) return 0;
  return 2;
}

function ajvOrder(a: Issue, b: Issue): number {
  const depth = Math.max(a.path.length, b.path.length) + 1;
  for (let level = 0; level < depth; level++) {
    const difference = rankAt(a, level) - rankAt(b, level);
    if (difference !== 0) return difference;
    if (a.path[level] !== b.path[level]) return 0; // different properties: zod's order is the schema's order
  }
  return 0;
}

export function firstIssue(issues: readonly Issue[]): Issue | undefined {
  // Array.prototype.sort is stable, so ties keep zod's (schema) order.
  return [...issues].sort(ajvOrder)[0];
}

function pointer(part: RequestPart, path: readonly PropertyKey[]): string {
  return ['', part, ...path.map(String)].join('/');
}

/** The detail for one issue, with Unleash's wording and `path` (e.g. `/body/name`, `/params/id`). */
export function issueDetail(part: RequestPart, issue: Issue): ErrorDetail & { message: string; path: string } {
  if (isMissing(issue)) {
    const path = pointer(part, issue.path);
    return { path, message: `The \`${path}\` property is required. It was not present on the data you sent.` };
  }
  if (issue.code === 'unrecognized_keys') {
    const parent = pointer(part, issue.path);
    const path = `${parent}/${issue.keys[0] ?? ''}`;
    return {
      path,
      message: `The \`${parent}\` object of the request body does not allow additional properties. Your request included the \`${path}\` property.`,
    };
  }
  if (issue.code === 'invalid_value') {
    // Unleash names the property alone here, and quotes the value without JSON encoding it.
    return notAllowedDetail(String(issue.path[issue.path.length - 1] ?? part), issue.values, issue.input);
  }
  const path = pointer(part, issue.path);
  return { path, message: `The \`${path}\` property ${issue.message}. You sent ${JSON.stringify(issue.input)}.` };
}

/** Validates one part of a request; returns the parsed (coerced) value or the first detail. */
export function validatePart<T>(
  part: RequestPart,
  schema: z.ZodType<T>,
  value: unknown,
): { ok: true; value: T } | { ok: false; detail: ErrorDetail & { message: string; path: string } } {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  const issue = firstIssue(result.error.issues);
  if (!issue) throw new Error('zod reported a failure without issues');
  return { ok: false, detail: issueDetail(part, issue) };
}
