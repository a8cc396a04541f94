import { z } from 'zod';
import { BOUNDS, boundedName } from './bounds';

/** A CORS preflight the main process sends to the front-end API (OPTIONS /api/frontend) on the admin's behalf. */
export const preflightRequestSchema = z.strictObject({
  /** Sent as the Origin header exactly as typed: browsers send scheme://host[:port]. */
  origin: boundedName(BOUNDS.origin),
  /** Access-Control-Request-Method; the front-end SDKs fetch with GET and POST (metrics). */
  method: z.enum(['GET', 'POST']).default('GET'),
  /** Access-Control-Request-Headers, as the SDKs send them. */
  requestHeaders: z
    .string()
    .max(1024)
    .regex(/^[\w-]*(\s*,\s*[\w-]+)*$/, 'header names separated by commas')
    .default('authorization,content-type'),
});
export type PreflightRequest = z.input<typeof preflightRequestSchema>;

export const preflightResultSchema = z.strictObject({
  /** The address the preflight went to. */
  url: z.string(),
  status: z.number().int(),
  /** Whether a browser on `origin` may go on to call the front-end API. */
  allowed: z.boolean(),
  /** Why, in plain words. */
  reason: z.string(),
  /** The Access-Control-* and Vary headers of the answer, lower-case names, in the order received. */
  headers: z.array(z.tuple([z.string(), z.string()])),
  /** Seconds a browser may reuse this answer (Access-Control-Max-Age), when the server said. */
  maxAgeSeconds: z.number().int().nullable(),
  /** 'server': a real answer over HTTP; 'demo': what Unleash would answer from the demo's origins. */
  answeredBy: z.enum(['server', 'demo']),
});
export type PreflightResult = z.infer<typeof preflightResultSchema>;
