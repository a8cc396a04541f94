import type { EventQueryParams } from '../../../shared/schemas/event';
import { EVENT_QUERY_PATTERNS } from '../../../shared/domain/event-query';
import { badData, badDataDetails } from '../errors';

/**
 * GET /api/admin/search/events parameters, as strings the way they arrive (docs/server-behaviour.md#query-search; Unleash 6.10.1's
 * event-search-controller + event-service convertToDbParams, 8.x adds id/groupId/environment). The HTTP face checks
 * the OpenAPI patterns first; this module reads them as Unleash does and rejects, with a 400 naming the value,
 * what the real server lets through to Postgres and answers with a 500 carrying SQL text.
 */
export const QUERY_LIMIT_DEFAULT = 50;
export const QUERY_LIMIT_MAX = 1000;
const DAY_MS = 86_400_000;

/** A parsed query: each filter is the set of accepted values (undefined = no filter). */
export interface EventQuery {
  text: string | undefined;
  ids: number[] | undefined;
  groupIds: string[] | undefined;
  features: string[] | undefined;
  projects: string[] | undefined;
  types: string[] | undefined;
  createdByUserIds: number[] | undefined;
  environments: string[] | undefined;
  /** createdAt >= fromMs and < toMs. */
  fromMs: number | undefined;
  toMs: number | undefined;
  limit: number;
  offset: number;
}

/** The server's OpenAPI check of the filter patterns, for callers that do not come through the HTTP face. */
function checkPatterns(params: EventQueryParams): void {
  for (const [key, pattern] of Object.entries(EVENT_QUERY_PATTERNS)) {
    const value = params[key as keyof typeof EVENT_QUERY_PATTERNS];
    if (value !== undefined && !new RegExp(pattern, 'u').test(value)) {
      const path = `/query/${key}`;
      throw badDataDetails([
        { path, message: `The \`${path}\` property must match pattern "${pattern}". You sent ${JSON.stringify(value)}.` },
      ]);
    }
  }
}

export function parseEventQuery(params: EventQueryParams): EventQuery {
  checkPatterns(params);
  const from = dateOf('from', params.from);
  const to = dateOf('to', params.to);
  return {
    // Unleash adds the text filter with `if (params.query)`: '' filters nothing.
    text: params.query || undefined,
    ids: integers('id', 'event ids', operands(params.id)),
    groupIds: operands(params.groupId),
    features: operands(params.feature),
    projects: operands(params.project),
    types: operands(params.type),
    createdByUserIds: integers('createdBy', 'user ids (createdByUserId)', operands(params.createdBy)),
    environments: operands(params.environment),
    fromMs: from,
    toMs: to === undefined ? undefined : to + DAY_MS,
    ...paging(params),
  };
}

/**
 * Unleash's normalizeQueryParams: Number(limit) within 1..1000, else 50; Number(offset) > 0, else 0. Knex then
 * parseInt()s both, so fractions are cut ("2.5" -> 2, "0.5" -> an empty page).
 */
function paging(params: EventQueryParams): { limit: number; offset: number } {
  const limit = params.limit === undefined ? QUERY_LIMIT_DEFAULT : Number(params.limit);
  const offset = Number(params.offset);
  return {
    limit: limit > 0 && limit <= QUERY_LIMIT_MAX ? Math.trunc(limit) : QUERY_LIMIT_DEFAULT,
    offset: offset > 0 && Number.isFinite(offset) ? Math.trunc(offset) : 0,
  };
}

/** parseSearchOperatorValue: `OP:a,b` -> [a, b] (IS and IS_ANY_OF both mean "one of"); `IS:` alone filters nothing. */
function operands(value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  const match = /^(?:IS|IS_ANY_OF):(.+)$/s.exec(value);
  return match?.[1] === undefined ? undefined : match[1].split(',');
}

/** Postgres integer columns: the real server passes any text through and fails with a 500 on a non-number. */
function integers(param: string, what: string, values: string[] | undefined): number[] | undefined {
  if (values === undefined) return undefined;
  return values.map((value) => {
    const n = /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < -2_147_483_648 || n > 2_147_483_647) {
      throw badData(`The \`${param}\` filter takes ${what}, which are whole numbers; ${JSON.stringify(value)} is not one.`);
    }
    return n;
  });
}

/** `IS:yyyy-MM-dd` as UTC midnight; a date that does not exist (2024-02-30) is a 400 here, a 500 on the server. */
function dateOf(param: string, value: string | undefined): number | undefined {
  if (!value) return undefined;
  const match = /^IS:(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years 0..99 as 1900..1999
  const ms = date.getTime();
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw badData(`The \`${param}\` date ${JSON.stringify(value.slice(3))} does not exist; use a real calendar date (yyyy-MM-dd).`);
  }
  return ms;
}
