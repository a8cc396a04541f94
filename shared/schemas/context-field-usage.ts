import { z } from 'zod';
import { segmentStrategySchema } from './segment';

/**
 * Where one context field is used: the flag strategies whose own constraints name it, and the segments whose
 * constraints do (a strategy reaches a field through a segment too, so the segment is what to change first).
 */
export const contextFieldUsageSchema = z.strictObject({
  contextName: z.string(),
  strategies: z.array(segmentStrategySchema),
  segments: z.array(z.strictObject({ id: z.number().int(), name: z.string(), project: z.string().nullish() })),
});
export type ContextFieldUsage = z.infer<typeof contextFieldUsageSchema>;
