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

/**
 * What an error is, said to the user as such: the server could not be reached (no answer: DNS, refused, timeout,
 * cancelled), the server (or Flagdesk's own policy standing in for it) refused the request with a status, or a fault
 * in Flagdesk itself (a bug, an answer it cannot read, a broken bridge).
 */
export const errorKindSchema = z.enum(['unreachable', 'refused', 'fault']);
export type ErrorKind = z.infer<typeof errorKindSchema>;

/** What crosses IPC and what every backend throws: kind, status, Unleash error name, message, details. */
export const apiErrorShapeSchema = z.strictObject({
  kind: errorKindSchema,
  status: z.number().int(),
  name: z.string(),
  message: z.string(),
  details: z.array(z.strictObject({ message: z.string(), path: z.string().optional() })).optional(),
});
export type ApiErrorShape = z.infer<typeof apiErrorShapeSchema>;
