import type { z } from 'zod';

/** Enough to show what is wrong without echoing a huge payload back (a fuzzed input can yield thousands). */
const MAX_DETAILS = 20;

/** Messages can quote a key the caller sent (zod's "Unrecognized key"), and keys can be megabytes long. */
const MAX_TEXT = 200;

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

type Issue = z.core.$ZodIssue;

/**
 * A union's own issue only says "Invalid input"; the branch that came closest (fewest issues) says what to fix,
 * e.g. which field of the { baseUrl, token } form of connections.test is wrong.
 */
function explain(issues: readonly Issue[]): Issue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
    const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
    return explain(closest.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })));
  });
}

/** zod issues as ApiError details: `{ message, path }` with the path dotted (`constraints.0.values`). */
export function zodDetails(error: z.ZodError): { message: string; path?: string }[] {
  return explain(error.issues).slice(0, MAX_DETAILS).map((issue) => {
    const path = clip(issue.path.map((part) => (typeof part === 'symbol' ? part.toString() : String(part))).join('.'));
    return path ? { message: clip(issue.message), path } : { message: clip(issue.message) };
  });
}

export function summarize(details: { message: string; path?: string }[]): string {
  const first = details[0];
  if (!first) return 'invalid input';
  const head = first.path ? `${first.path}: ${first.message}` : first.message;
  return details.length > 1 ? `${head} (and ${details.length - 1} more)` : head;
}
