import { z } from 'zod';
import { constraintSchema } from '../schemas/constraint';

/**
 * The client API's features payload (GET /api/client/features), as the official client specification's files give
 * it. Lenient on purpose: SDKs tolerate missing and extra fields, and so must an evaluator held to their tests.
 */
// The same lenient shape the admin API's constraints have.
export const clientConstraintSchema = constraintSchema;
export type ClientConstraint = z.infer<typeof clientConstraintSchema>;

export const variantPayloadSchema = z.looseObject({ type: z.string(), value: z.string() });
export type VariantPayload = z.infer<typeof variantPayloadSchema>;

const overrideSchema = z.looseObject({ contextName: z.string(), values: z.array(z.string()) });

export const clientVariantSchema = z.looseObject({
  name: z.string(),
  weight: z.number(),
  weightType: z.string().optional(),
  stickiness: z.string().nullish(),
  payload: variantPayloadSchema.optional(),
  overrides: z.array(overrideSchema).optional(),
});
export type ClientVariant = z.infer<typeof clientVariantSchema>;

export const clientStrategySchema = z.looseObject({
  name: z.string(),
  title: z.string().nullish(),
  disabled: z.boolean().nullish(),
  parameters: z.record(z.string(), z.unknown()).nullish(),
  constraints: z.array(clientConstraintSchema.nullable()).nullish(),
  segments: z.array(z.number()).nullish(),
  variants: z.array(clientVariantSchema).nullish(),
});
export type ClientStrategy = z.infer<typeof clientStrategySchema>;

export const clientDependencySchema = z.looseObject({
  feature: z.string(),
  enabled: z.boolean().optional(),
  variants: z.array(z.string()).optional(),
});
export type ClientDependency = z.infer<typeof clientDependencySchema>;

export const clientFeatureSchema = z.looseObject({
  name: z.string(),
  enabled: z.boolean(),
  project: z.string().optional(),
  strategies: z.array(clientStrategySchema),
  variants: z.array(clientVariantSchema).nullish(),
  dependencies: z.array(clientDependencySchema).nullish(),
  impressionData: z.boolean().optional(),
});
export type ClientFeature = z.infer<typeof clientFeatureSchema>;

export const clientSegmentSchema = z.looseObject({
  id: z.number(),
  name: z.string().optional(),
  constraints: z.array(clientConstraintSchema),
});
export type ClientSegment = z.infer<typeof clientSegmentSchema>;

export const clientStateSchema = z.looseObject({
  version: z.number().optional(),
  features: z.array(clientFeatureSchema),
  segments: z.array(clientSegmentSchema).optional(),
});
export type ClientState = z.infer<typeof clientStateSchema>;

/** The Unleash context. Properties may hold any JSON value; SDKs compare their string form. */
export const evaluationContextSchema = z.looseObject({
  userId: z.string().optional(),
  sessionId: z.string().optional(),
  remoteAddress: z.string().optional(),
  environment: z.string().optional(),
  appName: z.string().optional(),
  currentTime: z.string().optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
});
export type EvaluationContext = z.infer<typeof evaluationContextSchema>;

/** What an evaluation may not decide by itself: the clock, randomness and the host it runs on. */
export interface EvaluationOptions {
  /** The time date operators compare against when the context has no currentTime (default: the moment of the call). */
  now?: () => Date;
  /** A number in [0, 1), for random rollouts and random stickiness (default Math.random). */
  random?: () => number;
  /** The application host name, for the applicationHostname strategy (unknown by default: it then never matches). */
  hostname?: string;
}
