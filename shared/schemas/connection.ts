import { z } from 'zod';

/** A connection profile as the renderer sees it. The token itself never leaves the main process. */
export const profileViewSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['demo', 'remote']),
  baseUrl: z.string().optional(),
  hasToken: z.boolean(),
  /** encrypted: saved with the OS keychain (safeStorage); memory: kept for this session only; none: no token. */
  tokenStorage: z.enum(['encrypted', 'memory', 'none']),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

export const connectionStatusSchema = z.strictObject({
  activeProfileId: z.string(),
  profiles: z.array(profileViewSchema),
  encryptionAvailable: z.boolean(),
  /** One sentence the UI shows once, e.g. a corrupt demo snapshot that was moved aside. */
  notice: z.string().optional(),
});
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

function parsedUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

const httpUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    const url = parsedUrl(value);
    return url?.protocol === 'http:' || url?.protocol === 'https:';
  }, 'must be an http(s) URL')
  // Credentials in a URL would be stored in plain profiles.json and shown in the UI: the token field is for secrets.
  .refine((value) => {
    const url = parsedUrl(value);
    return !url || (url.username === '' && url.password === '');
  }, 'must not contain a user name or password (put the API token in the token field)');

const token = z.string().min(1).max(4096);

/** Create (no id) or edit (id) a remote profile. A missing token on edit keeps the stored one. */
export const saveProfileInputSchema = z.strictObject({
  id: z.string().min(1).max(100).optional(),
  name: z.string().trim().min(1).max(100),
  baseUrl: httpUrl,
  token: token.optional(),
});
export type SaveProfileInput = z.infer<typeof saveProfileInputSchema>;

export const profileIdInputSchema = z.strictObject({ id: z.string().min(1).max(100) });
export type ProfileIdInput = z.infer<typeof profileIdInputSchema>;

/** Test a saved profile, or unsaved settings typed in a form. */
export const testConnectionInputSchema = z.union([
  profileIdInputSchema,
  z.strictObject({ baseUrl: httpUrl, token }),
]);
export type TestConnectionInput = z.infer<typeof testConnectionInputSchema>;

export const connectionReportSchema = z.strictObject({
  ok: z.boolean(),
  reachable: z.boolean(),
  version: z.string().optional(),
  edition: z.string().optional(),
  admin: z.boolean().optional(),
  message: z.string(),
});
export type ConnectionReport = z.infer<typeof connectionReportSchema>;

export const appInfoSchema = z.strictObject({ name: z.string(), version: z.string(), platform: z.string() });
export type AppInfo = z.infer<typeof appInfoSchema>;
