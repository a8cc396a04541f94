/**
 * Front-end API origin validation, as Unleash's validateOrigin.ts: exactly `*`, or a string that parses as a URL
 * whose origin equals the input exactly (no path, no trailing slash, no default port, lower-case host). The server
 * takes any scheme with an origin (ftp://x.y, ws://x.y); checkOrigin also asks for http or https.
 */
export function isValidOrigin(origin: string): boolean {
  if (origin === '*') return true;
  if (origin.includes('*')) return false;
  try {
    return new URL(origin).origin === origin;
  } catch {
    return false;
  }
}

/** The first invalid origin of a list, or undefined when every entry is valid. */
export function firstInvalidOrigin(origins: readonly string[]): string | undefined {
  return origins.find((origin) => !isValidOrigin(origin));
}

/** Why the server refuses an entry, in words an admin can act on. */
export type OriginProblem =
  | 'blank'
  | 'padded'
  | 'spaces'
  | 'not-http'
  | 'wildcard-subdomain'
  | 'not-a-url'
  | 'no-origin'
  | 'path'
  | 'credentials'
  | 'default-port'
  | 'upper-case'
  | 'not-canonical';

export const ORIGIN_PROBLEM_TEXT: Record<OriginProblem, string> = {
  blank: 'Empty line: the server refuses an empty origin.',
  padded: 'Spaces around the origin: the server compares it exactly.',
  spaces: 'Spaces inside: this line holds more than one word, and an origin has none. Put one origin per line.',
  'not-http':
    'Browsers call the front-end API only from http and https pages: the server stores this origin, but no request ever carries it.',
  'wildcard-subdomain': 'Wildcards are not supported: only a lone * (every origin) or one exact origin per line.',
  'not-a-url': 'Not a URL: an origin needs a scheme and a host, like https://app.example.com.',
  'no-origin': 'This scheme has no web origin (browsers send "null" for it), so it can never match.',
  path: 'An origin has no path, query or trailing slash: browsers send only scheme, host and port.',
  credentials: 'An origin has no user name or password.',
  'default-port': 'The default port is never part of an origin (443 for https, 80 for http).',
  'upper-case': 'Browsers send the scheme and host in lower case.',
  'not-canonical': 'Browsers send this host in another form (for example punycode or a normalised IP address).',
};

export type OriginCheck =
  | { valid: true }
  | { valid: false; problems: OriginProblem[]; /** the value that fixes every problem, when one exists */ fix?: string };

function parse(value: string): URL | undefined {
  try {
    return new URL(value);
    // Stryker disable next-line BlockStatement: an emptied catch block returns undefined as well
  } catch {
    return undefined;
  }
}

/** A value as written (URL normalises what it parses: it drops a default port and lower-cases the host). */
interface Written {
  scheme: string;
  credentials: boolean;
  host: string;
  /** The explicit port, '' for a bare colon; undefined when none is written. */
  port: string | undefined;
  /** Whatever follows the authority: path, query, fragment. */
  rest: string;
}

/** The parts of a value that starts with `scheme://`, or undefined when it does not. */
function written(value: string): Written | undefined {
  const match = /^([a-z][a-z\d+.-]*):\/\/([^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d*))?/i.exec(value);
  if (match === null) return undefined;
  // Stryker disable next-line StringLiteral: groups 1 and 3 always take part in a match; the defaults only type them
  const [authority, scheme = '', userInfo, host = '', port] = match;
  return { scheme, credentials: userInfo !== undefined, host, port, rest: value.slice(authority.length) };
}

/** Problems of a trimmed, wildcard-free http(s) value that parses as a URL whose origin is not the value. */
function urlProblems(parts: Written, url: URL): OriginProblem[] {
  const problems: OriginProblem[] = [];
  if (parts.rest !== '') problems.push('path');
  // URL also reads credentials past extra slashes (https:///user@host), which the written authority does not
  if (parts.credentials || url.username !== '' || url.password !== '') problems.push('credentials');
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  if (parts.port !== undefined && (parts.port === '' || parts.port.replace(/^0+(?=\d)/, '') === defaultPort)) {
    problems.push('default-port');
  }
  if (parts.scheme !== parts.scheme.toLowerCase() || parts.host !== parts.host.toLowerCase()) problems.push('upper-case');
  if (problems.length === 0) problems.push('not-canonical');
  return problems;
}

function isWebScheme(url: URL): boolean {
  return url.protocol === 'https:' || url.protocol === 'http:';
}

/** An entry the server stores and a browser can send: `*`, or an exact http(s) origin. */
export function isBrowserOrigin(origin: string): boolean {
  return origin === '*' || (isValidOrigin(origin) && isWebScheme(new URL(origin)));
}

/**
 * Whether a scheme-less host names one, so that adding https:// completes it rather than invents one: a dotted
 * name whose last label is not a number (which URL would read as an IPv4 address), a dotted-quad IPv4 or
 * localhost. A bare word (`not`, `url`) names nothing.
 */
function namesHost(host: string): boolean {
  if (host.toLowerCase() === 'localhost') return true;
  // Stryker disable next-line Regex: unanchored, it also matches hosts such as a1.2.3.4 or 1.2.3.4567 that URL refuses as IPv4, so no fix either way
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return true;
  const labels = host.split('.');
  return labels.length > 1 && labels.every((label) => label !== '') && !/\.\d+$/.test(host);
}

/** The origin `https://` would complete a scheme-less `host[:port][/path]` into, when it names a host. */
function schemeLessFix(value: string): string | undefined {
  const host = /^([\w.-]+)(:\d+)?(\/.*)?$/.exec(value)?.[1];
  return host !== undefined && namesHost(host) ? parse(`https://${value}`)?.origin : undefined;
}

/** One entry checked with the server's rules, with every reason it is refused and a fix when one exists. */
export function checkOrigin(raw: string): OriginCheck {
  if (isBrowserOrigin(raw)) return { valid: true };
  const value = raw.trim();
  if (value === '') return { valid: false, problems: ['blank'] };
  const padded: OriginProblem[] = value === raw ? [] : ['padded'];
  if (isBrowserOrigin(value)) return { valid: false, problems: padded, fix: value };
  if (/\s/.test(value)) return { valid: false, problems: [...padded, 'spaces'] };
  if (value.includes('*')) return { valid: false, problems: [...padded, 'wildcard-subdomain'] };
  const url = parse(value);
  const parts = written(value);
  if (url === undefined || parts === undefined) {
    const fix = schemeLessFix(value);
    return { valid: false, problems: [...padded, 'not-a-url'], ...(fix ? { fix } : {}) };
  }
  if (url.origin === 'null') return { valid: false, problems: [...padded, 'no-origin'] };
  // ftp://x.y has an origin the server stores; no fix, since guessing https:// would name another site
  if (!isWebScheme(url)) return { valid: false, problems: [...padded, 'not-http'] };
  return { valid: false, problems: [...padded, ...urlProblems(parts, url)], fix: url.origin };
}

export interface OriginRow {
  /** The line as typed. */
  value: string;
  check: OriginCheck;
  /** Index of the earlier row with the same value: the server stores both, but the second does nothing. */
  duplicateOf?: number;
}

/** Every row of an origin list checked, duplicates (after trimming) pointing at their first occurrence. */
export function reviewOrigins(values: readonly string[]): OriginRow[] {
  const first = new Map<string, number>();
  return values.map((value, index) => {
    const row: OriginRow = { value, check: checkOrigin(value) };
    const key = value.trim();
    // blank rows are each refused on their own, never duplicates of one another
    if (key === '') return row;
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, index);
      return row;
    }
    return { ...row, duplicateOf: earlier };
  });
}

/**
 * Lines pasted at once: one row per line, trimmed, blank lines dropped. Only line breaks split (Unleash's own form
 * also splits at spaces and commas): `not a url` is one row, refused as such, never three bare words.
 */
export function splitPastedOrigins(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The list with every fixable row fixed and duplicates removed; rows without a fix are kept as they are. */
export function applyAllOriginFixes(values: readonly string[]): string[] {
  const fixed = values.map((value) => {
    const check = checkOrigin(value);
    return check.valid ? value : (check.fix ?? value);
  });
  return [...new Set(fixed)];
}

/**
 * What a list means to the front-end API on Unleash 6.x-8.x (cors-origin-middleware resolveOrigin): an empty list
 * and any list holding `*` both answer every origin with `Access-Control-Allow-Origin: *`.
 */
export type OriginsDanger = 'none' | 'any-origin' | 'star-mixed' | 'empty-means-any';

export function originsDanger(values: readonly string[]): OriginsDanger {
  if (values.length === 0) return 'empty-means-any';
  if (!values.includes('*')) return 'none';
  return values.some((value) => value !== '*') ? 'star-mixed' : 'any-origin';
}

export const ORIGINS_DANGER_TEXT: Record<Exclude<OriginsDanger, 'none'>, string> = {
  'any-origin': 'Any web site can call the front-end API with a front-end token: * allows every origin.',
  'star-mixed':
    'The * allows every origin, so the other origins in the list do nothing. Remove * to allow only the listed origins.',
  'empty-means-any':
    'An empty list does not lock the front-end API: the server then allows every origin, exactly as with *.',
};

/** Whether the front-end API would answer a browser from `origin` (resolveOrigin, then the cors package). */
export function originAllowed(allowed: readonly string[], origin: string): boolean {
  return allowed.length === 0 || allowed.includes('*') || allowed.includes(origin);
}
