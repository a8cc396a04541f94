import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A private CA and a server certificate it signed for 127.0.0.1, made with openssl in a temporary folder. */
export interface TestPki {
  dir: string;
  caFile: string;
  caPem: string;
  key: string;
  cert: string;
  /** A self-signed certificate (no CA) for the same address. */
  selfSigned: { key: string; cert: string };
  dispose(): Promise<void>;
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

export async function makeTestPki(): Promise<TestPki> {
  const dir = await mkdtemp(join(tmpdir(), 'flagdesk-pki-'));
  const days = ['-days', '2'];
  openssl(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', ...days, '-subj', '/CN=Flagdesk Test CA']);
  openssl(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  await writeFile(join(dir, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n');
  openssl(dir, ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', ...days, '-extfile', 'ext.cnf']);
  openssl(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'self.key', '-out', 'self.pem', ...days, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']);
  const read = (name: string) => readFile(join(dir, name), 'utf8');
  return {
    dir,
    caFile: join(dir, 'ca.pem'),
    caPem: await read('ca.pem'),
    key: await read('server.key'),
    cert: await read('server.pem'),
    selfSigned: { key: await read('self.key'), cert: await read('self.pem') },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/** An https server on 127.0.0.1 answering every request with `body` as JSON. */
export async function startHttpsStub(
  identity: { key: string; cert: string },
  body: unknown,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = https.createServer(identity, (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
