import type { AdminBackend } from '../../backend/admin-backend';
import type { BackendFactories, DemoStoreHandle, RemoteBackendHandle, RemoteSettings } from '../backend-factories';
import type { TokenCipher } from '../token-vault';

/** Test doubles for the connection layer (imported by tests only). */

/** A backend whose methods answer from `overrides`, or fail with a recognisable error; calls are recorded. */
export function fakeBackend(label: string, overrides: Partial<Record<keyof AdminBackend, unknown>> = {}) {
  const calls: string[] = [];
  const backend = new Proxy({} as AdminBackend & { label: string; calls: string[]; closed: boolean; close(): Promise<void> }, {
    get(target, property) {
      if (property === 'label') return label;
      if (property === 'calls') return calls;
      if (property === 'closed') return (target as { closed?: boolean }).closed ?? false;
      if (property === 'close') return async () => void ((target as { closed?: boolean }).closed = true);
      if (property === 'then') return undefined;
      return async (...args: unknown[]) => {
        calls.push(String(property));
        const answer = overrides[property as keyof AdminBackend];
        if (typeof answer === 'function') return (answer as (...a: unknown[]) => unknown)(...args);
        if (answer === undefined) throw new Error(`${label}.${String(property)} not faked`);
        return answer;
      };
    },
  });
  return backend;
}

/** Reversible "encryption" that is visibly not the plain text, so tests can tell the file is not the token. */
export function fakeCipher(available = true): TokenCipher {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain) => Buffer.from(`enc:${Buffer.from(plain).toString('base64')}`),
    decryptString: (encrypted) => Buffer.from(encrypted.toString().slice(4), 'base64').toString(),
  };
}

export interface FakeFactories extends BackendFactories {
  opened: string[];
  demoStores: (DemoStoreHandle & { closed: boolean; resets: number })[];
  remotes: { settings: RemoteSettings; backend: RemoteBackendHandle & { closed: boolean; calls: string[] } }[];
}

export function fakeFactories(demoOverrides: Partial<Record<keyof AdminBackend, unknown>> = {}): FakeFactories {
  const factories: FakeFactories = {
    opened: [],
    demoStores: [],
    remotes: [],
    async openDemo(dir) {
      factories.opened.push(`demo:${dir}`);
      const store = {
        backend: fakeBackend('demo', demoOverrides),
        closed: false,
        resets: 0,
        async reset() {
          store.resets += 1;
        },
        async close() {
          store.closed = true;
        },
      };
      factories.demoStores.push(store);
      return store;
    },
    async createRemote(settings) {
      factories.opened.push(`remote:${settings.baseUrl}`);
      const backend = fakeBackend(`remote ${settings.baseUrl}`);
      factories.remotes.push({ settings, backend });
      return backend;
    },
    async testConnection(settings) {
      return { ok: true, reachable: true, version: '6.10.1', message: `Connected to ${settings.baseUrl} with ${settings.token}` };
    },
  };
  return factories;
}
