/**
 * Which server addresses may carry an admin token over plain http. Only the loopback address (a server on this
 * machine: nothing travels over a network), or a profile whose user explicitly allowed insecure http.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

/** Why this address may not be used as it is, or undefined when it may. */
export function insecureHttpProblem(baseUrl: string, allowInsecureHttp: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' || allowInsecureHttp || isLoopbackHost(url.hostname)) return undefined;
  return `${url.origin} uses plain http, so the API token would travel unencrypted: use https://, or tick "Allow insecure http" on the profile if this network is trusted.`;
}

/** The scheme, host and port of an address (what a stored token is bound to); undefined when it is not a URL. */
export function originOf(baseUrl: string): string | undefined {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return undefined;
  }
}
