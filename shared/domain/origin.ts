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

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443', 'ftp:': '21' };

function parse(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** The explicit port written in an authority, if any (URL drops a default port, so read it from the text). */
function writtenPort(value: string): string | undefined {
  const authority = /^[a-z][a-z\d+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d*))?/i.exec(value);
  return authority?.[2];
}

/** Problems of a trimmed, non-empty, wildcard-free value that parses as a URL whose origin is not the value. */
function urlProblems(value: string, url: URL): OriginProblem[] {
  const problems: OriginProblem[] = [];
  const rest = value.replace(/^[a-z][a-z\d+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)(?::\d*)?/i, '');
  if (rest !== '') problems.push('path');
  if (url.username !== '' || url.password !== '' || /^[^/]*\/\/[^/?#]*@/.test(value)) problems.push('credentials');
  const port = writtenPort(value);
  if (port !== undefined && (port === '' || DEFAULT_PORTS[url.protocol] === port.replace(/^0+(?=\d)/, ''))) {
    problems.push('default-port');
  }
  const scheme = value.slice(0, value.indexOf(':'));
  const host = /^[^:]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/.exec(value)?.[1] ?? '';
  if (scheme !== scheme.toLowerCase() || host !== host.toLowerCase()) problems.push('upper-case');
  if (problems.length === 0) problems.push('not-canonical');
  return problems;
}

const isWebScheme = (url: URL): boolean => url.protocol === 'https:' || url.protocol === 'http:';

/** An entry the server stores and a browser can send: `*`, or an exact http(s) origin. */
export function isBrowserOrigin(origin: string): boolean {
  return origin === '*' || (isValidOrigin(origin) && isWebScheme(new URL(origin)));
}

/**
 * Whether a scheme-less entry names a host, so that adding https:// completes it rather than invents one: a dotted
 * name whose last label is not a number (which URL would read as an IPv4 address), a dotted-quad IPv4, a bracketed
 * IPv6 or localhost. A bare word (`not`, `url`) names nothing.
 */
function namesHost(value: string): boolean {
  const host = /^(\[[^\]]*\]|[^:/?#]*)/.exec(value)?.[1] ?? '';
  if (host.startsWith('[') || host.toLowerCase() === 'localhost') return host !== '';
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return true;
  const labels = host.split('.');
  return labels.length > 1 && labels.every((label) => label !== '') && !/^\d+$/.test(labels[labels.length - 1] ?? '');
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
  if (url === undefined || !/^[a-z][a-z\d+.-]*:\/\//i.test(value)) {
    const guess = /^[\w.-]+(:\d+)?(\/.*)?$/.test(value) && namesHost(value) ? parse(`https://${value}`) : undefined;
    const fix = guess && guess.origin !== 'null' ? guess.origin : undefined;
    return { valid: false, problems: [...padded, 'not-a-url'], ...(fix ? { fix } : {}) };
  }
  if (url.origin === 'null') return { valid: false, problems: [...padded, 'no-origin'] };
  // ftp://x.y has an origin the server stores; no fix, since guessing https:// would name another site
  if (!isWebScheme(url)) return { valid: false, problems: [...padded, 'not-http'] };
  return { valid: false, problems: [...padded, ...urlProblems(value, url)], fix: url.origin };
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
    const key = value.trim();
    const earlier = key === '' ? undefined : first.get(key);
    if (earlier === undefined && key !== '') first.set(key, index);
    return { value, check: checkOrigin(value), ...(earlier === undefined ? {} : { duplicateOf: earlier }) };
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
