import { z } from 'zod';

/**
 * What one server offers, read on activation (ui-config plus a cheap probe per route whose presence is the question),
 * so each operation picks an endpoint that exists instead of guessing from a version number or an error.
 */

/** How the app searches events on this server, best first. */
export const eventSearchViaSchema = z.enum([
  /** GET /api/admin/search/events (6.x and later): the server filters, pages and counts. */
  'search-events',
  /** POST /api/admin/events/search (the seed's; up to 6.x): the server narrows, the app filters the rest. */
  'events-search',
  /** GET /api/admin/events only: the app filters the newest 100 events. */
  'events-list',
]);
export type EventSearchVia = z.infer<typeof eventSearchViaSchema>;

export const corsWriteViaSchema = z.enum([
  /** POST /api/admin/ui-config/cors (6.6 and later). */
  'ui-config-cors',
  /** POST /api/admin/ui-config with frontendSettings (up to 6.x). */
  'ui-config',
  'none',
]);
export type CorsWriteVia = z.infer<typeof corsWriteViaSchema>;

export const serverCapabilitiesSchema = z.strictObject({
  /** ui-config `version`, for display; no decision reads it. */
  version: z.string(),
  /** Both event operations of the app (the seed-shaped search and the 8.x query) go this way. */
  eventSearch: eventSearchViaSchema,
  /** Whether the seed's POST /events/search is there (the seed-shaped search keeps its exact semantics on it). */
  seedEventSearch: z.boolean(),
  corsWrite: corsWriteViaSchema,
  /** POST /api/admin/projects/{p}/archive (batch archive). */
  archive: z.boolean(),
  /** POST /api/admin/projects/{p}/revive (batch revive). */
  revive: z.boolean(),
  /** POST /api/admin/playground. */
  playground: z.boolean(),
  /** POST /api/admin/playground/advanced (several environments and projects at once). */
  advancedPlayground: z.boolean(),
});
export type ServerCapabilities = z.infer<typeof serverCapabilitiesSchema>;

export const capabilityOperationSchema = z.enum(['eventSearch', 'corsWrite', 'archive', 'revive', 'playground']);
export type CapabilityOperation = z.infer<typeof capabilityOperationSchema>;
