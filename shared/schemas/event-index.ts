import { z } from 'zod';

/**
 * Where a profile's local copy of the event log stands. `complete` copies answer every filter and text search
 * locally; `syncedAt` says how fresh the copy is; `lastError` is the last sync failure (the server unreachable:
 * the copy stays browsable and says so).
 */
export const eventIndexStatusSchema = z.strictObject({
  enabled: z.boolean(),
  state: z.enum(['off', 'syncing', 'stopped', 'complete']),
  count: z.number().int().min(0),
  total: z.number().int().min(0),
  syncedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type EventIndexStatus = z.infer<typeof eventIndexStatusSchema>;
