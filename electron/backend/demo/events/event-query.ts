import { z } from 'zod';
import { eventSchema } from '../../../../shared/schemas/event';
import { badData } from '../../errors';

/**
 * GET /api/admin/search/events parameters, as strings the way they arrive (facts §4.3; Unleash 6.10.1's
 * event-search-controller + event-service convertToDbParams, 8.x adds id/groupId/environment). The HTTP face checks
 * the OpenAPI patterns first; this module reads them as Unleash does and rejects, with a 400 naming the value,
 * what the real server lets through to Postgres and answers with a 500 carrying SQL text.
 */
export const eventQueryParamsSchema = z.object({
  query: z.string().optional(),
  id: z.string().optional(),
  groupId: z.string().optional(),
  feature: z.string().optional(),
  project: z.string().optional(),
  type: z.string().optional(),
  createdBy: z.string().optional(),
  environment: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  offset: z.string().optional(),
  limit: z.string().optional(),
});
export type EventQueryParams = z.infer<typeof eventQueryParamsSchema>;

/** The answer: a page of events, each with label and summary, and the count of every match. */
export const eventQueryPageSchema = z.object({ events: z.array(eventSchema), total: z.number().int() });
export type EventQueryPage = z.infer<typeof eventQueryPageSchema>;

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

export function parseEventQuery(params: EventQueryParams): EventQuery {
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
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw badData(`The \`${param}\` date ${JSON.stringify(value.slice(3))} does not exist; use a real calendar date (yyyy-MM-dd).`);
  }
  return ms;
}
