/** Where the live tiers find their servers (written by scripts/unleash-live.sh). */
export interface LiveServer {
  url: string;
  token: string;
}

const DEFAULT_TOKEN = '*:*.unleash-insecure-admin-api-token';

function live(variable: 'UNLEASH_URL_6' | 'UNLEASH_URL_8'): LiveServer | undefined {
  const url = process.env[variable];
  if (!url) return undefined;
  return { url: url.replace(/\/+$/, ''), token: process.env.UNLEASH_TOKEN ?? DEFAULT_TOKEN };
}

export const REAL_6 = live('UNLEASH_URL_6');
export const REAL_8 = live('UNLEASH_URL_8');

// `npm run test:live` (and so CI) must never pass with a real target skipped.
if (process.env.FLAGDESK_REQUIRE_LIVE === '1' && (!REAL_6 || !REAL_8)) {
  throw new Error('FLAGDESK_REQUIRE_LIVE=1 but UNLEASH_URL_6 or UNLEASH_URL_8 is not set: the live tier cannot run.');
}

export function skipMessage(variable: string, what: string): string {
  return (
    `${what}: skipped because ${variable} is not set. Run \`npm run test:live\` ` +
    `(starts real Unleash 6.10.1 and 8.2.0), or set ${variable} and UNLEASH_TOKEN yourself.`
  );
}
