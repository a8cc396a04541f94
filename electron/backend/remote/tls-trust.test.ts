import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteBackend } from './remote-backend';
import { testConnection } from './test-connection';
import { uiConfig } from './test-support/fixtures';
import { failure } from './test-support/stub-server';
import { makeTestPki, startHttpsStub, type TestPki } from './test-support/tls-certs';
import { readCaFile, systemCertificates, trustedCertificates } from './tls-trust';

/** A company CA from the OS store or a CA file is trusted; self-signed without it stays refused. */
let pki: TestPki;
let companyServer: Awaited<ReturnType<typeof startHttpsStub>>;
let selfSignedServer: Awaited<ReturnType<typeof startHttpsStub>>;
const TOKEN = '*:*.tls-test-token';
const noSystem = async (): Promise<string[]> => [];

beforeAll(async () => {
  pki = await makeTestPki();
  companyServer = await startHttpsStub({ key: pki.key, cert: pki.cert }, uiConfig('6.10.1'));
  selfSignedServer = await startHttpsStub(pki.selfSigned, uiConfig('6.10.1'));
}, 30_000);
afterAll(async () => {
  await companyServer.close();
  await selfSignedServer.close();
  await pki.dispose();
});

async function version(url: string, ca: readonly string[]): Promise<string> {
  const backend = createRemoteBackend({ baseUrl: url, token: TOKEN, ca, retries: 0 });
  try {
    return (await backend.getUiConfig()).version;
  } finally {
    await backend.close();
  }
}

describe('TLS trust', () => {
  it('refuses a server whose CA is neither bundled nor in the OS store, saying what to do', async () => {
    const error = await failure(version(companyServer.url, await trustedCertificates(undefined, { systemSource: noSystem })));
    expect(error).toMatchObject({ status: 0, name: 'NetworkError' });
    expect((error as Error).message).toMatch(/certificate authority this computer does not trust.*Choose CA file/);
  });

  it('trusts a CA installed in the operating system store', async () => {
    const ca = await trustedCertificates(undefined, { systemSource: async () => [pki.caPem] });
    expect(await version(companyServer.url, ca)).toBe('6.10.1');
  });

  it("trusts the CA file a profile names, on top of the bundled list", async () => {
    const ca = await trustedCertificates(pki.caFile, { systemSource: noSystem });
    expect(ca.length).toBeGreaterThan(tls.rootCertificates.length);
    expect(await version(companyServer.url, ca)).toBe('6.10.1');
  });

  it('keeps refusing a self-signed certificate without a CA file, and the test report says what to do', async () => {
    const ca = await trustedCertificates(undefined);
    const report = await testConnection({ baseUrl: selfSignedServer.url, token: TOKEN, ca });
    expect(report).toMatchObject({ ok: false, reachable: false });
    expect(report.message).toMatch(/self-signed and not trusted.*Choose CA file/);
  });

  it('refuses a CA file that holds no certificate', async () => {
    const bogus = join(pki.dir, 'not-a-ca.txt');
    await writeFile(bogus, 'hello');
    await expect(readCaFile(bogus)).rejects.toMatchObject({ name: 'CaFileError' });
    await expect(readCaFile(join(pki.dir, 'missing.pem'))).rejects.toMatchObject({ name: 'CaFileError' });
  });

  it("reads the operating system's store here (tls.getCACertificates, or the distribution bundle on Linux)", async () => {
    const system = await systemCertificates();
    if (process.platform === 'linux' || typeof (tls as { getCACertificates?: unknown }).getCACertificates === 'function') {
      expect(system.length).toBeGreaterThan(0);
    }
    expect(system.every((pem) => pem.startsWith('-----BEGIN CERTIFICATE-----'))).toBe(true);
  });
});
