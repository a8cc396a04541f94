import { readFile } from 'node:fs/promises';
import tls from 'node:tls';
import { ApiError } from '../../../shared/errors';

/**
 * Which certificate authorities https trusts: Node's bundled list, plus the operating system's store (as browsers
 * do, so a server behind a company CA that IT installed works), plus an optional CA file the profile names.
 *
 * The OS store: Node 22.15+/23.5+ (Electron 45's) read it with tls.getCACertificates('system'). Where that is
 * missing (Node 20, which runs the tests), Linux's distribution bundles are read instead; on macOS and Windows such
 * older Node has no way to read the store, so only the bundled list and the CA file are trusted there.
 */
export const LINUX_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt', // Debian, Ubuntu, Arch, Gentoo
  '/etc/pki/tls/certs/ca-bundle.crt', // Fedora, RHEL
  '/etc/ssl/ca-bundle.pem', // openSUSE
  '/etc/pki/tls/cacert.pem', // OpenELEC
  '/etc/ssl/cert.pem', // Alpine
];

/** A CA file larger than this is not a CA file (a bundle of every public CA is ~250 kB). */
const MAX_CA_FILE_BYTES = 2 * 1024 * 1024;

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

type GetCaCertificates = (kind: 'default' | 'system' | 'bundled' | 'extra') => string[];

export interface TrustOptions {
  /** For tests: where the OS store comes from (default: tls.getCACertificates when present, else LINUX_BUNDLES). */
  systemSource?: () => Promise<string[]>;
}

export function pemCertificates(text: string): string[] {
  return text.match(PEM_BLOCK) ?? [];
}

async function firstBundle(paths: readonly string[]): Promise<string[]> {
  for (const path of paths) {
    try {
      const found = pemCertificates(await readFile(path, 'utf8'));
      if (found.length) return found;
    } catch {
      // not this distribution's path
    }
  }
  return [];
}

/** The operating system's trusted CAs, or [] when they cannot be read. */
export async function systemCertificates(): Promise<string[]> {
  const get = (tls as unknown as { getCACertificates?: GetCaCertificates }).getCACertificates;
  if (typeof get === 'function') {
    try {
      return get('system');
    } catch {
      // fall through to the files
    }
  }
  return process.platform === 'linux' ? firstBundle(LINUX_BUNDLES) : [];
}

/** The certificates of a CA file; a file that holds none is refused with a sentence that says why. */
export async function readCaFile(path: string): Promise<string[]> {
  let text: string;
  try {
    const buffer = await readFile(path);
    if (buffer.byteLength > MAX_CA_FILE_BYTES) throw new Error('too large');
    text = buffer.toString('utf8');
  } catch {
    throw new ApiError(400, 'CaFileError', 'The CA file could not be read: choose a PEM file (.pem or .crt) of at most 2 MB.');
  }
  const found = pemCertificates(text);
  if (!found.length) {
    throw new ApiError(400, 'CaFileError', 'The chosen file holds no PEM certificate ("-----BEGIN CERTIFICATE-----"): export the CA as PEM and choose it again.');
  }
  return found;
}

let systemCache: Promise<string[]> | undefined;

/** Bundled + OS store (read once per process) + the profile's CA file, for the https agent's `ca`. */
export async function trustedCertificates(caFile: string | undefined, options: TrustOptions = {}): Promise<string[]> {
  const system = options.systemSource ? options.systemSource() : (systemCache ??= systemCertificates());
  const [os, extra] = await Promise.all([system, caFile ? readCaFile(caFile) : Promise.resolve([])]);
  return [...new Set([...tls.rootCertificates, ...os, ...extra])];
}
