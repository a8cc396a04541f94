import { EVENT_TYPES, isEventType } from '../../../../shared/domain/event-types';
import { LIMITS } from '../../../../shared/domain/limits';
import type { SearchEvents } from '../../../../shared/schemas/event';
import { badDataDetails } from '../../errors';

/** A search body after Unleash 6.10.1's OpenAPI validation (ajv with coerceTypes): ranges checked, defaults set. */
export interface NormalizedSearch {
  type: string | undefined;
  project: string | undefined;
  feature: string | undefined;
  query: string | undefined;
  limit: number;
  offset: number;
}

/**
 * Validates like the real server (docs/server-behaviour.md#body-search-6x): out-of-range limit/offset and unknown types are 400s with its exact
 * detail texts; numeric strings are coerced ("5" -> 5) and scalar filters become strings (5 -> "5").
 * The input is typed, but callers may hand over bodies that only passed a looser check, so every field is re-read.
 */
export function normalizeSearch(input: SearchEvents): NormalizedSearch {
  const raw = input as Record<string, unknown>;
  const type = asText(raw.type);
  if (type !== undefined && !isEventType(type)) {
    const allowed = EVENT_TYPES.map((t) => JSON.stringify(t)).join(', ');
    throw badDataDetails([
      {
        path: 'type',
        message:
          `The \`type\` property must be equal to one of the allowed values: ${allowed}. ` +
          `You provided ${JSON.stringify(type)}, which is not valid. Please use one of the allowed values instead..`,
      },
    ]);
  }
  return {
    type,
    // Unleash adds each filter with `if (search.x)`, so an empty string filters nothing.
    project: asText(raw.project) || undefined,
    feature: asText(raw.feature) || undefined,
    query: asText(raw.query) || undefined,
    limit: integerInRange(raw.limit, 'limit', 1, LIMITS.searchLimitMax) ?? LIMITS.searchLimitDefault,
    offset: integerInRange(raw.offset, 'offset', 0, undefined) ?? 0,
  };
}

/** ajv coerces scalars to the declared string type; anything else is treated as absent. */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function integerInRange(value: unknown, field: string, min: number, max: number | undefined): number | undefined {
  if (value === undefined || value === null) return undefined;
  const path = `/body/${field}`;
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) {
    throw badDataDetails([{ path, message: `The \`${path}\` property must be integer. You sent ${JSON.stringify(value)}.` }]);
  }
  if (n < min) throw badDataDetails([{ path, message: `The \`${path}\` property must be >= ${min}. You sent ${n}.` }]);
  if (max !== undefined && n > max) {
    throw badDataDetails([{ path, message: `The \`${path}\` property must be <= ${max}. You sent ${n}.` }]);
  }
  return n;
}
