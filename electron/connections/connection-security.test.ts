import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShellPort } from '../shell/shell-port';
import { createConnectionManager } from './connection-manager';
import { fakeCipher, fakeFactories } from './test-support/fakes';
import { createTokenVault } from './token-vault';

/**
 * The connection manager's part of the security baseline (docs/architecture.md#security-baseline): the token
 * stays with its origin, http is refused, a CA file is trusted.
 */
const TOKEN = '*:*.origin-bound-admin-token';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-connsec-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function fakeShell(answer: string | null): ShellPort & { asked: number } {
  const shell = {
    asked: 0,
    async chooseOpenFile() {
      shell.asked += 1;
      return answer;
    },
    async chooseSaveFile() {
      return null;
    },
    notify() {},
  };
  return shell;
}

async function launch(shell?: ShellPort) {
  const factories = fakeFactories();
  const tested: string[] = [];
  const testConnection = factories.testConnection.bind(factories);
  factories.testConnection = async (settings, signal) => {
    tested.push(`${settings.baseUrl} ${settings.token}`);
    return testConnection(settings, signal);
  };
  const manager = createConnectionManager({
    userDataDir: dir,
    vault: createTokenVault(join(dir, 'tokens'), fakeCipher()),
    factories,
    ...(shell ? { shell } : {}),
  });
  await manager.start();
  return { manager, factories, tested };
}

async function saved(manager: Awaited<ReturnType<typeof launch>>['manager'], baseUrl: string, extra = {}) {
  const status = await manager.save({ name: 'Prod', baseUrl, token: TOKEN, ...extra });
  const id = status.profiles[1]?.id;
  if (!id) throw new Error('not saved');
  return id;
}

describe('a stored token is bound to its origin', () => {
  it('refuses to keep the token when the address moves to another host, and sends it nowhere new', async () => {
    const { manager, tested } = await launch();
    const id = await saved(manager, 'https://unleash.example.com');
    for (const baseUrl of ['https://attacker.example', 'http://127.0.0.1:4242', 'https://unleash.example.com:8443']) {
      await expect(manager.save({ id, name: 'Prod', baseUrl }), baseUrl).rejects.toMatchObject({ status: 400, name: 'TokenOriginError' });
    }
    expect((await manager.status()).profiles[1]?.baseUrl).toBe('https://unleash.example.com');
    expect(await readFile(join(dir, 'profiles.json'), 'utf8')).not.toContain('attacker');
    await manager.test({ id });
    expect(tested).toEqual([`https://unleash.example.com ${TOKEN}`]);
  });

  it('keeps the token for a new path on the same origin, and takes a new origin with a new token', async () => {
    const { manager } = await launch();
    const id = await saved(manager, 'https://unleash.example.com');
    await manager.save({ id, name: 'Prod', baseUrl: 'https://unleash.example.com/unleash' });
    const moved = await manager.save({ id, name: 'Prod', baseUrl: 'https://other.example', token: 'a-new-token' });
    expect(moved.profiles[1]).toMatchObject({ baseUrl: 'https://other.example', hasToken: true });
  });
});

describe('plain http is refused off loopback unless the profile allows it', () => {
  it('refuses http to another machine, on save and on test', async () => {
    const { manager, tested } = await launch();
    await expect(manager.save({ name: 'Clear', baseUrl: 'http://unleash.example.com', token: TOKEN })).rejects.toMatchObject({
      name: 'InsecureTransportError',
    });
    const report = await manager.test({ baseUrl: 'http://unleash.example.com', token: TOKEN });
    expect(report).toMatchObject({ ok: false, reachable: false });
    expect(report.message).toMatch(/plain http.*Allow insecure http/);
    expect(tested).toEqual([]);
    expect((await manager.status()).profiles).toHaveLength(1);
  });

  it('accepts loopback http without asking', async () => {
    const { manager } = await launch();
    for (const baseUrl of ['http://127.0.0.1:4242', 'http://localhost:4242', 'http://[::1]:4242']) {
      const status = await manager.save({ name: baseUrl, baseUrl, token: TOKEN });
      expect(status.profiles.at(-1)).toMatchObject({ baseUrl, insecureHttp: false });
    }
  });

  it('with the profile allowing it, shows it on the profile, in the test report and while active', async () => {
    const { manager } = await launch();
    const id = await saved(manager, 'http://unleash.intranet', { allowInsecureHttp: true });
    const status = await manager.status();
    expect(status.profiles[1]).toMatchObject({ allowInsecureHttp: true, insecureHttp: true });
    expect(status.activeInsecureHttp).toBe(false);
    const report = await manager.test({ id });
    expect(report).toMatchObject({ ok: true, insecureHttp: true });
    expect(report.message).toContain('unencrypted');
    expect((await manager.activate({ id })).activeInsecureHttp).toBe(true);
    // An edit that leaves the choice out keeps it.
    expect((await manager.save({ id, name: 'Renamed', baseUrl: 'http://unleash.intranet' })).profiles[1]?.allowInsecureHttp).toBe(true);
  });
});

describe('a plain-http test that never connected says nothing was sent', () => {
  async function failing(report: { tokenSent?: boolean; message: string }) {
    const { manager, factories } = await launch();
    factories.testConnection = async () => ({ ok: false, reachable: false, ...report });
    const id = await saved(manager, 'http://unleash.intranet', { allowInsecureHttp: true });
    return manager.test({ id });
  }

  it('a DNS failure or a refused connection: no word of a token sent unencrypted', async () => {
    const message = 'Could not reach http://unleash.intranet: the host name could not be resolved (DNS).';
    const report = await failing({ tokenSent: false, message });
    expect(report.message).toBe(message);
    expect(report.insecureHttp).toBeUndefined();
  });

  it('a failure after connecting (timeout, reset): the token may have gone in clear, and it says so', async () => {
    const report = await failing({ message: 'http://unleash.intranet did not answer within 10 s.' });
    expect(report.message).toContain('The token may have been sent over plain http, unencrypted');
    expect(report.insecureHttp).toBe(true);
  });
});

describe('a profile trusts a CA file main asked for', () => {
  const PEM = '-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n';

  it('stores the chosen file, shows its name, and opens the backend with it', async () => {
    const caFile = join(dir, 'company-ca.pem');
    await writeFile(caFile, PEM);
    const { manager, factories } = await launch(fakeShell(caFile));
    const id = await saved(manager, 'https://unleash.example.com');
    const status = await manager.chooseCaFile({ id });
    expect(status.profiles[1]).toMatchObject({ caFileName: 'company-ca.pem' });
    expect(JSON.stringify(status)).not.toContain(dir);
    await manager.activate({ id });
    expect(factories.remotes.at(-1)?.settings).toMatchObject({ caFile });
    expect((await manager.clearCaFile({ id })).profiles[1]?.caFileName).toBeUndefined();
  });

  it('changes nothing when the dialog is cancelled, and refuses a file without a certificate', async () => {
    const shell = fakeShell(null);
    const { manager } = await launch(shell);
    const id = await saved(manager, 'https://unleash.example.com');
    expect((await manager.chooseCaFile({ id })).profiles[1]?.caFileName).toBeUndefined();
    expect(shell.asked).toBe(1);
    const bogus = join(dir, 'notes.txt');
    await writeFile(bogus, 'not a certificate');
    const { manager: other } = await launch(fakeShell(bogus));
    await expect(other.chooseCaFile({ id })).rejects.toMatchObject({ name: 'CaFileError' });
  });
});

describe('profiles.json of a newer Flagdesk is never written over', () => {
  it('runs read-only on it: saves are refused, activation is kept for the session only', async () => {
    const newer = JSON.stringify({ version: 2, lastUsedProfileId: 'demo', profiles: [{ id: 'r1', future: true }] });
    await writeFile(join(dir, 'profiles.json'), newer);
    const { manager } = await launch();
    const status = await manager.status();
    expect(status.notice).toMatch(/newer Flagdesk/);
    await expect(manager.save({ name: 'New', baseUrl: 'https://u.example', token: TOKEN })).rejects.toMatchObject({
      name: 'ReadOnlyProfilesError',
    });
    await manager.activate({ id: 'demo' });
    await manager.close();
    expect(await readFile(join(dir, 'profiles.json'), 'utf8')).toBe(newer);
  });
});
