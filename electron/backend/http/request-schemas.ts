import { OPERATORS_6_10 } from '../../../shared/domain/operators';
import { EVENT_TYPES } from '../../../shared/domain/event-types';
import { LIMITS } from '../../../shared/domain/limits';
import { PARAMETER_TYPES, VARIANT_PAYLOAD_TYPES, WEIGHT_TYPES } from '../../../shared/schemas';
import { z } from 'zod';
import { wire } from './wire-schema';
import { EVENT_DATE_PATTERN, EVENT_FILTER_PATTERN } from '../../../shared/domain/event-query';

/**
 * Request schemas of the served routes, as Unleash 6.10.1's OpenAPI spec declares them (src/lib/openapi/spec/*).
 * Property order follows the spec, because the first failing property is the one reported. Where the spec allows
 * undeclared properties (most bodies), they pass here too and the routes hand the backend only what it knows.
 * The shared/schemas describe what the app sends; these describe what the server tolerates.
 */

export const segmentIdParams = wire.object({ id: wire.integer() });

/** constraintSchema: additionalProperties false; 6.10.1's operators (SEMVER_GTE, SEMVER_LTE and REGEX are refused). */
export const constraintBody = wire.strictObject({
  contextName: wire.string(),
  operator: wire.enumOf(OPERATORS_6_10),
  caseInsensitive: wire.boolean().optional(),
  inverted: wire.boolean().optional(),
  values: wire.array(wire.string()).optional(),
  value: wire.string({ minLength: 1 }).optional(),
});

/** upsertSegmentSchema: extra top-level properties allowed (and ignored). */
export const upsertSegmentBody = wire.object({
  name: wire.string(),
  description: wire.nullableString().optional(),
  project: wire.nullableString().optional(),
  constraints: wire.array(constraintBody),
});

/** updateFeatureStrategySegmentsSchema: extras allowed, and echoed back in the 201. */
export const strategySegmentsBody = wire.object({
  projectId: wire.string(),
  strategyId: wire.string(),
  environmentId: wire.string(),
  segmentIds: wire.array(wire.integer({ min: 0 })),
});

export const eventsQuery = wire.object({ project: wire.string().optional() });

/** deprecatedSearchEventsSchema (6.x). */
export const searchEventsBody = wire.object({
  type: wire.enumOf(EVENT_TYPES).optional(),
  project: wire.string().optional(),
  feature: wire.string().optional(),
  query: wire.string().optional(),
  limit: wire.integer({ min: 1, max: LIMITS.searchLimitMax }).optional(),
  offset: wire.integer({ min: 0 }).optional(),
});

/** An OpenAPI `pattern` on a query string; ajv compiles it with the `u` flag and names it in the detail. */
function patterned(pattern: string) {
  return z.string({ error: 'must be string' }).regex(new RegExp(pattern, 'u'), { error: `must match pattern "${pattern}"` });
}
const FILTER = EVENT_FILTER_PATTERN;
const DATE = EVENT_DATE_PATTERN;

/**
 * eventSearchQueryParameters (6.10.1, in its order; ajv reports the first failing one in this order). id, groupId and
 * environment are 8.x parameters: 6.10.1 does not declare them (any value passes), and the demo applies them only when
 * they are well-formed.
 */
export const searchEventsQuery = wire.object({
  query: z.string({ error: 'must be string' }).optional(),
  feature: patterned(FILTER).optional(),
  project: patterned(FILTER).optional(),
  type: patterned(FILTER).optional(),
  createdBy: patterned(FILTER).optional(),
  from: patterned(DATE).optional(),
  to: patterned(DATE).optional(),
  offset: z.string({ error: 'must be string' }).optional(),
  limit: z.string({ error: 'must be string' }).optional(),
  // undeclared on 6.10.1, so a repeated one (an array) passes there; the route hands on strings only
  id: z.unknown().optional(),
  groupId: z.unknown().optional(),
  environment: z.unknown().optional(),
});

const strategyParameter = wire.object({
  name: wire.string(),
  type: wire.enumOf(PARAMETER_TYPES),
  description: wire.string().optional(),
  required: wire.boolean().optional(),
});

/** updateStrategySchema: `parameters` required; the path name wins over any body name. */
export const updateStrategyBody = wire.object({
  name: wire.string().optional(),
  title: wire.nullableString().optional(),
  description: wire.nullableString().optional(),
  parameters: wire.array(strategyParameter),
});

/** createStrategySchema. */
export const createStrategyBody = wire.object({
  name: wire.string(),
  title: wire.nullableString().optional(),
  description: wire.nullableString().optional(),
  parameters: wire.array(strategyParameter),
});

/** batchFeaturesSchema. */
export const featuresBody = wire.object({ features: wire.array(wire.string()) });

/** setUiConfigSchema (6.x): additionalProperties false at both levels. */
export const setUiConfigBody = wire.strictObject({
  frontendSettings: wire.strictObject({ frontendApiOrigins: wire.array(wire.string()) }).optional(),
});

/** setCorsSchema. */
export const setCorsBody = wire.strictObject({ frontendApiOrigins: wire.array(wire.string()).optional() });

/** createFeatureSchema. */
export const createFeatureBody = wire.object({
  name: wire.string(),
  type: wire.string().optional(),
  description: wire.nullableString().optional(),
  impressionData: wire.boolean().optional(),
});

/** createFeatureStrategySchema. */
/** createStrategyVariantSchema: extra keys pass here and are refused by the joi check after it (the demo's). */
const strategyVariantBody = wire.object({
  name: wire.string(),
  weight: wire.integer({ min: 0, max: 1000 }),
  weightType: wire.enumOf(WEIGHT_TYPES),
  stickiness: wire.string(),
  payload: wire.object({ type: wire.enumOf(VARIANT_PAYLOAD_TYPES), value: wire.string() }).optional(),
});

export const addStrategyBody = wire.object({
  name: wire.string(),
  title: wire.nullableString().optional(),
  disabled: wire.nullableBoolean().optional(),
  sortOrder: wire.number().optional(),
  constraints: wire.array(constraintBody).optional(),
  parameters: wire.stringRecord().optional(),
  variants: wire.array(strategyVariantBody).optional(),
  segments: wire.array(wire.integer()).optional(),
});

/**
 * updateFeatureStrategySchema (PUT .../strategies/{id}): every property optional; extras allowed and ignored.
 * Unleash's `segments` items are numbers; the ids are integers here, as the link table's are.
 */
export const updateFeatureStrategyBody = wire.object({
  name: wire.string().optional(),
  sortOrder: wire.number().optional(),
  constraints: wire.array(constraintBody).optional(),
  title: wire.nullableString().optional(),
  disabled: wire.nullableBoolean().optional(),
  variants: wire.array(z.unknown()).optional(),
  segments: wire.array(wire.integer()).optional(),
  parameters: wire.stringRecord().optional(),
});

/** createDependentFeatureSchema. */
export const addDependencyBody = wire.object({
  feature: wire.string(),
  enabled: wire.boolean().optional(),
  variants: wire.array(wire.string()).optional(),
});

/** RFC 3339 date-time, as ajv-formats checks `format: date-time` (a time zone is required). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:?\d{2})$/;

/** sdkContextSchema: appName required; properties' values are strings (numbers are coerced, so they come back as strings). */
export const sdkContextBody = wire.object({
  appName: wire.string({ minLength: 1 }),
  currentTime: z.preprocess(
    (value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value),
    z.string({ error: 'must be string' }).regex(DATE_TIME, { error: 'must match format "date-time"' }),
  ).optional(),
  environment: wire.string().optional(),
  properties: z.record(z.string(), wire.string(), { error: 'must be object' }).optional(),
  remoteAddress: wire.string().optional(),
  sessionId: wire.string().optional(),
  userId: wire.string().optional(),
});

/** playgroundRequestSchema: environment and context required; projects "*" or a list of ids. */
export const playgroundBody = wire.object({
  environment: wire.string(),
  projects: z
    .union([wire.array(wire.string()), z.literal('*')], { error: 'must match exactly one schema in oneOf' })
    .optional(),
  context: sdkContextBody,
});

/** legalValueSchema: additionalProperties false. */
const legalValueBody = wire.strictObject({ value: wire.string(), description: wire.string().optional() });

/** createContextFieldSchema (name required; the demo's own checks name the rest as joi does). */
export const createContextFieldBody = wire.object({
  name: wire.string(),
  description: wire.string().optional(),
  stickiness: wire.boolean().optional(),
  sortOrder: wire.integer().optional(),
  legalValues: wire.array(legalValueBody).optional(),
});

/** updateContextFieldSchema: no name (the path's); sortOrder is read and not stored; legal values as on create. */
export const updateContextFieldBody = wire.object({
  description: wire.string().optional(),
  stickiness: wire.boolean().optional(),
  sortOrder: wire.integer().optional(),
  legalValues: wire.array(legalValueBody).optional(),
});
