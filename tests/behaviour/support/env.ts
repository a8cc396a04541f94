/** Where the live tier finds its servers (written by scripts/unleash-live.sh): one per major line. */
export interface LiveServer {
  url: string;
  token: string;
  /** The version the live script installed, e.g. "5.12.8" (or "5.x" when the URL was set by hand). */
  version: string;
  /** UNLEASH_URL_<major>, named in skip messages. */
  variable: string;
}

/** The lines still in the field that the live tier runs (README "Supported servers"). */
export const LIVE_VERSIONS = ['5.12.8', '6.10.1', '7.6.5', '8.2.0'] as const;

const DEFAULT_TOKEN = '*:*.unleash-insecure-admin-api-token';

/** The versions this run asked for: FLAGDESK_LIVE_VERSIONS ("5.12.8 6.10.1", set by the live script), else all. */
function requestedVersions(): string[] {
  const list = process.env.FLAGDESK_LIVE_VERSIONS?.split(/[\s,]+/).filter(Boolean);
  return list && list.length > 0 ? list : [...LIVE_VERSIONS];
}

function live(major: number): LiveServer | undefined {
  const variable = `UNLEASH_URL_${major}`;
  const url = process.env[variable];
  if (!url) return undefined;
  const version = requestedVersions().find((v) => v.split('.')[0] === String(major)) ?? `${major}.x`;
  return { url: url.replace(/\/+$/, ''), token: process.env.UNLEASH_TOKEN ?? DEFAULT_TOKEN, version, variable };
}

/** Real servers by major line; a missing one is skipped with skipMessage. */
export const REAL: Record<5 | 6 | 7 | 8, LiveServer | undefined> = { 5: live(5), 6: live(6), 7: live(7), 8: live(8) };

// `npm run test:live` (and so CI) must never pass with a requested real target skipped.
if (process.env.FLAGDESK_REQUIRE_LIVE === '1') {
  const missing = requestedVersions().filter((v) => !process.env[`UNLEASH_URL_${v.split('.')[0]}`]);
  if (missing.length > 0) {
    throw new Error(`FLAGDESK_REQUIRE_LIVE=1 but no URL for Unleash ${missing.join(', ')}: the live tier cannot run.`);
  }
}

export function skipMessage(major: number, what: string): string {
  const variable = `UNLEASH_URL_${major}`;
  return (
    `${what}: skipped because ${variable} is not set. Run \`npm run test:live\` ` +
    `(starts real Unleash ${LIVE_VERSIONS.join(', ')}), or set ${variable} and UNLEASH_TOKEN yourself.`
  );
}
