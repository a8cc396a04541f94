import { z } from 'zod';
import { exportFilterSchema } from './event-export';

/** events.histogram: how many events of the current filter fall in each date bucket (days, or runs of days). */
export const eventHistogramInputSchema = z.strictObject({ filter: exportFilterSchema });
export const eventHistogramSchema = z.strictObject({
  /** Days per bucket (1 = one bar a day). */
  days: z.number().int().min(1),
  buckets: z.array(z.strictObject({ from: z.string(), to: z.string(), count: z.number().int().min(0) })),
});
export type EventHistogram = z.infer<typeof eventHistogramSchema>;
