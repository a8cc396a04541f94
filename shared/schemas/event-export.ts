import { z } from 'zod';
import { eventQueryParamsSchema } from './event';

/** File formats of an event export. JSONL is one event per line (streams and greps best). */
export const EXPORT_FORMATS = ['jsonl', 'json', 'csv'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** Columns a CSV export may carry; data/preData/tags are written as JSON text in their cell. */
export const EXPORT_COLUMNS = [
  'id',
  'createdAt',
  'type',
  'createdBy',
  'project',
  'featureName',
  'environment',
  'label',
  'summary',
  'data',
  'preData',
  'tags',
] as const;
export const exportColumnSchema = z.enum(EXPORT_COLUMNS);
export type ExportColumn = z.infer<typeof exportColumnSchema>;
export const DEFAULT_EXPORT_COLUMNS: readonly ExportColumn[] = ['id', 'createdAt', 'type', 'createdBy', 'project', 'featureName', 'environment', 'summary'];

/** The filter of the browser (no paging: the export walks every page itself). */
export const exportFilterSchema = eventQueryParamsSchema.omit({ offset: true, limit: true });
export type ExportFilter = z.infer<typeof exportFilterSchema>;

/** events.export: what to write; where is asked by main in a save dialog, never named by the page. */
export const exportEventsInputSchema = z.strictObject({
  filter: exportFilterSchema,
  format: exportFormatSchema,
  columns: z.array(exportColumnSchema).min(1).max(EXPORT_COLUMNS.length).optional(),
});
export type ExportEventsInput = z.infer<typeof exportEventsInputSchema>;

/**
 * How an export ended: written (with the count and the file's name, not its path), cancelled by the user, or stopped
 * by the app (another instance made active meanwhile), saying why. The chosen file is left as it was unless written.
 */
export const exportResultSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('done'), written: z.number().int().min(0), fileName: z.string() }),
  z.strictObject({ status: z.literal('cancelled') }),
  z.strictObject({ status: z.literal('stopped'), reason: z.string().max(500) }),
]);
export type ExportResult = z.infer<typeof exportResultSchema>;

/** Pushed to the window after each page. `total` is the server's count when the export began. */
export const exportProgressSchema = z.strictObject({
  written: z.number().int().min(0),
  total: z.number().int().min(0),
  done: z.boolean(),
});
export type ExportProgress = z.infer<typeof exportProgressSchema>;
