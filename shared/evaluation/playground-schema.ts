import { z } from 'zod';
import { BOUNDS, boundedName, boundedText } from '../schemas/bounds';
import { clientConstraintSchema, clientVariantSchema, variantPayloadSchema } from './client-state';

/**
 * POST /api/admin/playground, as Unleash 6.10.1 takes and answers it (openapi playgroundRequestSchema,
 * playgroundResponseSchema). Lenient on the answer, since 8.x adds fields.
 */

// Strict: the app sends only these (the server tolerates more, and the HTTP face's own schema does too).
const text = boundedName(BOUNDS.value);
// RFC 3339 with a zone, as the server's `format: date-time` demands.
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:?\d{2})$/);

export const playgroundContextSchema = z.strictObject({
  appName: text,
  userId: text.optional(),
  sessionId: text.optional(),
  remoteAddress: text.optional(),
  environment: text.optional(),
  currentTime: dateTime.optional(),
  properties: z.record(boundedName(BOUNDS.name), boundedText(BOUNDS.value)).optional(),
});
export type PlaygroundContext = z.infer<typeof playgroundContextSchema>;

export const playgroundRequestSchema = z.strictObject({
  environment: boundedName(100),
  projects: z.union([z.literal('*'), z.array(boundedName(100)).max(1000)]).optional(),
  context: playgroundContextSchema,
});
export type PlaygroundRequest = z.infer<typeof playgroundRequestSchema>;

/** true, false, or 'unknown' when a custom (or otherwise unevaluable) strategy could have enabled it. */
export const playgroundVerdictSchema = z.union([z.boolean(), z.literal('unknown')]);
export type PlaygroundVerdict = z.infer<typeof playgroundVerdictSchema>;

export const playgroundConstraintSchema = clientConstraintSchema.extend({ result: z.boolean() });

export const playgroundSegmentSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  result: z.boolean(),
  constraints: z.array(playgroundConstraintSchema),
});

const playgroundVariantSchema = z.looseObject({
  name: z.string(),
  enabled: z.boolean(),
  payload: variantPayloadSchema.optional(),
  feature_enabled: z.boolean().optional(),
  featureEnabled: z.boolean().optional(),
});

export const playgroundStrategySchema = z.looseObject({
  name: z.string(),
  id: z.string(),
  title: z.string().optional(),
  disabled: z.boolean().nullish(),
  parameters: z.record(z.string(), z.unknown()),
  result: z.looseObject({
    enabled: playgroundVerdictSchema,
    evaluationStatus: z.enum(['complete', 'incomplete', 'unevaluated']),
    variant: playgroundVariantSchema.nullish(),
    variants: z.array(clientVariantSchema).nullish(),
  }),
  constraints: z.array(playgroundConstraintSchema),
  segments: z.array(playgroundSegmentSchema),
  links: z.looseObject({ edit: z.string() }).optional(),
});
export type PlaygroundStrategy = z.infer<typeof playgroundStrategySchema>;

export const playgroundFeatureSchema = z.looseObject({
  name: z.string(),
  projectId: z.string(),
  isEnabled: z.boolean(),
  isEnabledInCurrentEnvironment: z.boolean(),
  hasUnsatisfiedDependency: z.boolean().optional(),
  strategies: z.looseObject({ result: playgroundVerdictSchema, data: z.array(playgroundStrategySchema) }),
  variant: playgroundVariantSchema.nullable(),
  variants: z.array(clientVariantSchema),
});
export type PlaygroundFeature = z.infer<typeof playgroundFeatureSchema>;

export const playgroundResponseSchema = z.looseObject({
  input: z.looseObject({ environment: z.string(), projects: z.unknown().optional(), context: z.record(z.string(), z.unknown()) }),
  features: z.array(playgroundFeatureSchema),
});
export type PlaygroundResponse = z.infer<typeof playgroundResponseSchema>;
