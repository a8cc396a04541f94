import { z } from 'zod';

export const errorDetailSchema = z.looseObject({ message: z.string().optional(), path: z.string().optional() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** An Unleash error body: `{id?, name?, message, details?}`. http-errors send `{message}` only. */
export const errorBodySchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  message: z.string(),
  details: z.array(errorDetailSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What crosses IPC and what every backend throws: status, Unleash error name, message, details. */
export const apiErrorShapeSchema = z.strictObject({
  status: z.number().int(),
  name: z.string(),
  message: z.string(),
  details: z.array(z.strictObject({ message: z.string(), path: z.string().optional() })).optional(),
});
export type ApiErrorShape = z.infer<typeof apiErrorShapeSchema>;
