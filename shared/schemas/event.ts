import { z } from 'zod';
import { EVENT_TYPES } from '../domain/event-types';
import { LIMITS } from '../domain/limits';

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

export const listEventsQuerySchema = z.strictObject({ project: z.string().optional() });
export type ListEventsQuery = z.infer<typeof listEventsQuerySchema>;

/** deprecatedSearchEventsSchema, with the ranges the server enforces. `offset` is a row offset (docs/server-behaviour.md#body-search-6x). */
export const searchEventsSchema = z.strictObject({
  type: z.enum(EVENT_TYPES).optional(),
  project: z.string().optional(),
  feature: z.string().optional(),
  query: z.string().optional(),
  limit: z.number().int().min(1).max(LIMITS.searchLimitMax).optional(),
  offset: z.number().int().min(0).optional(),
});
export type SearchEvents = z.infer<typeof searchEventsSchema>;

/**
 * GET /api/admin/search/events (the 7+/8.x search, also served by 6.10.1): parameters as the strings the server
 * takes, with `IS:`/`IS_ANY_OF:` prefixes on filters and `IS:yyyy-MM-dd` dates (docs/server-behaviour.md#query-search).
 */
export const eventQueryParamsSchema = z.strictObject({
  query: z.string().max(1000).optional(),
  id: z.string().max(1000).optional(),
  groupId: z.string().max(1000).optional(),
  feature: z.string().max(1000).optional(),
  project: z.string().max(1000).optional(),
  type: z.string().max(1000).optional(),
  createdBy: z.string().max(1000).optional(),
  environment: z.string().max(1000).optional(),
  from: z.string().max(100).optional(),
  to: z.string().max(100).optional(),
  offset: z.string().max(20).optional(),
  limit: z.string().max(20).optional(),
});
export type EventQueryParams = z.infer<typeof eventQueryParamsSchema>;

/** Its answer: a page of events (each with label and summary) and the count of every match, query included. */
export const eventQueryPageSchema = z.looseObject({ events: z.array(eventSchema), total: z.number().int() });
export type EventQueryPage = z.infer<typeof eventQueryPageSchema>;
