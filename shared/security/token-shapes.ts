/** The marker that replaces a secret wherever Flagdesk scrubs one (main's redactor uses it too). */
export const REDACTED = '[hidden token]';

/**
 * Scrubs what looks like an Unleash API token from a text that was never told the token: the renderer's "Copy
 * details" of a fault. Main redacts the exact token it knows (electron/security/redact.ts); this catches the
 * shapes Unleash gives tokens (`project:environment.secret`, `*:*.secret`, `user:secret`) and any credential
 * after `Bearer` or `Authorization`, so a pasted bug report carries none.
 */
/** A label kept before the secret (`Authorization: `, `Bearer `), then the secret itself. */
const LABELLED: readonly RegExp[] = [
  /\b(authorization["']?\s*[:=]\s*["']?(?:bearer\s+)?)[^\s"',;]+/gi,
  /\b(bearer\s+)[^\s"',;]+/gi,
];
const BARE: readonly RegExp[] = [/(?:\*|[\w[\]-]+):(?:\*|[\w-]+)\.[A-Za-z0-9]{16,}/g, /\buser:[A-Za-z0-9]{16,}/g];

export function redactTokenShapes(text: string): string {
  let out = text;
  for (const shape of LABELLED) out = out.replace(shape, (_match, label: string) => `${label}${REDACTED}`);
  for (const shape of BARE) out = out.replace(shape, REDACTED);
  return out;
}
