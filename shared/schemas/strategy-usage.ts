import { z } from 'zod';

/** A flag strategy of a strategy type with the parameters it stores (what a type change can break). */
export const strategyUsageSchema = z.strictObject({
  strategyName: z.string(),
  projectId: z.string(),
  featureName: z.string(),
  environment: z.string(),
  strategyId: z.string(),
  parameters: z.record(z.string(), z.string()),
});
export type StrategyUsageRow = z.infer<typeof strategyUsageSchema>;
