import { z } from 'zod';
import { EVENT_TYPES } from '../domain/event-types';
import { LIMITS } from '../domain/limits';
import { BOUNDS, boundedText } from './bounds';
import { pathIdSchema } from './path-id';

export const eventTagSchema = z.looseObject({ type: z.string(), value: z.string() });
export type EventTag = z.infer<typeof eventTagSchema>;

/**
 * data/preData are free-form JSON objects. A shape check only: z.record would walk and copy every key of every
 * payload, which doubled the cost of reading 100 events from a server (bench: remote vs direct HTTP).
 */
const jsonObject = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'must be an object',
);

/**
 * An event record. `type` stays a plain string on read: newer servers write types the seed does not list.
 * 8.x adds groupType/groupId on some events and leaves them out on others.
 */
export const eventSchema = z.looseObject({
  id: z.number().int().min(1),
  type: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  createdByUserId: z.number().nullish(),
  environment: z.string().nullish(),
  project: z.string().nullish(),
  featureName: z.string().nullish(),
  data: jsonObject.nullish(),
  preData: jsonObject.nullish(),
  tags: z.array(eventTagSchema).nullish(),
  label: z.string().nullish(),
  summary: z.string().nullish(),
  groupType: z.string().nullish(),
  groupId: z.string().nullish(),
});
export type FlagEvent = z.infer<typeof eventSchema>;

/** eventsSchema: the list and search response. */
export const eventsSchema = z.looseObject({
  version: z.number().int().min(1),
  events: z.array(eventSchema),
  totalEvents: z.number().int().optional(),
});
export type Events = z.infer<typeof eventsSchema>;

export const listEventsQuerySchema = z.strictObject({ project: pathIdSchema.optional() });
export type ListEventsQuery = z.infer<typeof listEventsQuerySchema>;

/** deprecatedSearchEventsSchema, with the ranges the server enforces. `offset` is a row offset (docs/server-behaviour.md#body-search-6x). */
export const searchEventsSchema = z.strictObject({
  type: z.enum(EVENT_TYPES).optional(),
  project: pathIdSchema.optional(),
  feature: pathIdSchema.optional(),
  query: boundedText(BOUNDS.query).optional(),
  limit: z.number().int().min(1).max(LIMITS.searchLimitMax).optional(),
  offset: z.number().int().min(0).optional(),
});
export type SearchEvents = z.infer<typeof searchEventsSchema>;

/**
 * GET /api/admin/search/events (the 7+/8.x search, also served by 6.10.1): parameters as the strings the server
 * takes, with `IS:`/`IS_ANY_OF:` prefixes on filters and `IS:yyyy-MM-dd` dates (docs/server-behaviour.md#query-search).
 */
export const eventQueryParamsSchema = z.strictObject({
  query: boundedText(1000).optional(),
  id: boundedText(1000).optional(),
  groupId: boundedText(1000).optional(),
  feature: boundedText(1000).optional(),
  project: boundedText(1000).optional(),
  type: boundedText(1000).optional(),
  createdBy: boundedText(1000).optional(),
  environment: boundedText(1000).optional(),
  from: boundedText(100).optional(),
  to: boundedText(100).optional(),
  offset: boundedText(20).optional(),
  limit: boundedText(20).optional(),
});
export type EventQueryParams = z.infer<typeof eventQueryParamsSchema>;

/** Its answer: a page of events (each with label and summary) and the count of every match, query included. */
export const eventQueryPageSchema = z.looseObject({ events: z.array(eventSchema), total: z.number().int() });

/** GET /api/admin/event-creators (6.x and later): who wrote events, by the user id the `createdBy` filter takes. */
export const eventCreatorSchema = z.looseObject({ id: z.number().int(), name: z.string() });
export const eventCreatorsSchema = z.array(eventCreatorSchema);
export type EventCreator = z.infer<typeof eventCreatorSchema>;
export type EventQueryPage = z.infer<typeof eventQueryPageSchema>;
