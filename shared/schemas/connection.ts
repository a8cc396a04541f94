import { z } from 'zod';
import { PROTECTION_LEVELS } from '../domain/protection';

export const protectionLevelSchema = z.enum(PROTECTION_LEVELS);
import { boundedName } from './bounds';
import { serverCapabilitiesSchema } from './capabilities';

/** A connection profile as the renderer sees it. The token itself never leaves the main process. */
export const profileViewSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['demo', 'remote']),
  baseUrl: z.string().optional(),
  hasToken: z.boolean(),
  /** encrypted: saved with the OS keychain (safeStorage); memory: kept for this session only; none: no token. */
  tokenStorage: z.enum(['encrypted', 'memory', 'none']),
  /** How destructive actions are guarded on this profile (shared/domain/protection.ts). */
  protection: protectionLevelSchema,
  /** The user allowed plain http to a host other than loopback for this profile. */
  allowInsecureHttp: z.boolean(),
  /** The token travels unencrypted: an http:// address off loopback (only possible when allowed). */
  insecureHttp: z.boolean(),
  /** The file name (not the path) of the extra CA certificate this profile trusts, if any. */
  caFileName: z.string().optional(),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

export const connectionStatusSchema = z.strictObject({
  activeProfileId: z.string(),
  profiles: z.array(profileViewSchema),
  encryptionAvailable: z.boolean(),
  /** The active connection sends its token over plain http off loopback (the header shows a warning). */
  activeInsecureHttp: z.boolean(),
  /** One sentence the UI shows once, e.g. a corrupt demo snapshot that was moved aside. */
  notice: z.string().optional(),
  /**
   * What the active remote server supports, once detected after activation (absent for the demo, which does
   * everything, and until detection finishes). Screens ask shared/domain/capabilities `cannotDo`.
   */
  capabilities: serverCapabilitiesSchema.optional(),
});
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

function parsedUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

// The URL parser silently drops leading and trailing control characters and spaces: refuse them instead.
const httpUrl = boundedName(2048)
  .refine((value) => value === value.trim(), 'must not start or end with spaces')
  .refine((value) => {
    const url = parsedUrl(value);
    return url?.protocol === 'http:' || url?.protocol === 'https:';
  }, 'must be an http(s) URL')
  // Credentials in a URL would be stored in plain profiles.json and shown in the UI: the token field is for secrets.
  .refine((value) => {
    const url = parsedUrl(value);
    return !url || (url.username === '' && url.password === '');
  }, 'must not contain a user name or password (put the API token in the token field)');

// Header values cannot carry control characters (the HTTP client refuses them too, later and less clearly).
const token = boundedName(4096);

/** Profile ids name files (tokens/<id>) and go nowhere else: letters, digits, '-' and '_'. */
export const profileIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be letters, digits, "-" or "_" (at most 100)');

/**
 * Create (no id) or edit (id) a remote profile. A missing token on edit keeps the stored one, but only while the
 * address stays on the same origin (scheme, host, port): main refuses a new origin without a new token.
 * `allowInsecureHttp` missing on edit keeps the stored choice (false on create).
 */
export const saveProfileInputSchema = z.strictObject({
  id: profileIdSchema.optional(),
  name: boundedName(100).transform((value) => value.trim()),
  baseUrl: httpUrl,
  token: token.optional(),
  allowInsecureHttp: z.boolean().optional(),
});
export type SaveProfileInput = z.infer<typeof saveProfileInputSchema>;

export const profileIdInputSchema = z.strictObject({ id: profileIdSchema });
export type ProfileIdInput = z.infer<typeof profileIdInputSchema>;

export const setProtectionInputSchema = z.strictObject({ id: profileIdSchema, protection: protectionLevelSchema });
export type SetProtectionInput = z.infer<typeof setProtectionInputSchema>;

/** Test a saved profile, or unsaved settings typed in a form. */
export const testConnectionInputSchema = z.union([
  profileIdInputSchema,
  z.strictObject({ baseUrl: httpUrl, token, allowInsecureHttp: z.boolean().optional() }),
]);
export type TestConnectionInput = z.infer<typeof testConnectionInputSchema>;

export const connectionReportSchema = z.strictObject({
  ok: z.boolean(),
  reachable: z.boolean(),
  version: z.string().optional(),
  edition: z.string().optional(),
  admin: z.boolean().optional(),
  /** The token was sent over plain http off loopback (allowed on the profile); the message says so too. */
  insecureHttp: z.boolean().optional(),
  /** false: the test never connected (DNS failure, connection refused), so nothing, the token included, was sent. */
  tokenSent: z.boolean().optional(),
  message: z.string(),
  /** What the server supports; list it with shared/domain/capabilities `capabilityLines`. */
  capabilities: serverCapabilitiesSchema.optional(),
});
export type ConnectionReport = z.infer<typeof connectionReportSchema>;
