import { join } from 'node:path';
import type { ServerCapabilities } from '../../shared/schemas';
import type { AdminBackend } from '../backend/admin-backend';
import type { BackendFactories, DemoStoreHandle, RemoteBackendHandle } from './backend-factories';
import { tokenMissing } from './connection-errors';
import { DEMO_PROFILE_ID, type StoredProfile } from './profile-store';
import { settingsOf } from './profile-views';
import type { TokenVault } from './token-vault';

/** The backend in use: the demo's store or a remote server's client. */
export interface ActiveConnection {
  profileId: string;
  backend: AdminBackend;
  demo?: DemoStoreHandle;
  remote?: RemoteBackendHandle;
  /** What the remote server offers, once detected (the demo does everything, so it has none). */
  capabilities?: ServerCapabilities;
  close(): Promise<void>;
}

/** Which backend is active, and the switch from one to another. The caller serialises switches. */
export interface ActiveBackendSwitch {
  current(): ActiveConnection | undefined;
  /** Opens the new backend before closing the old one, so a failed switch leaves the current one working. */
  switchTo(profileId: string): Promise<void>;
  /** Closes the active backend; nothing is active afterwards. */
  close(): Promise<void>;
}

export interface ActiveBackendOptions {
  userDataDir: string;
  vault: TokenVault;
  factories: BackendFactories;
  find(profileId: string): StoredProfile;
  /** A sentence for the status (e.g. the demo's snapshot was moved aside). */
  notice(text: string): void;
  /** The demo's store was just opened: its save status is followed from now on. */
  demoOpened(demo: DemoStoreHandle): void;
  /** The active server's capabilities became known after activation. */
  capabilitiesLearned(): void;
}

/** Where the demo keeps its store in the data folder. */
export const demoFolder = (userDataDir: string) => join(userDataDir, 'demo');

/** A remote profile's client with its saved token: refused, naming the profile, when no token is saved. */
export async function openRemoteProfile(
  deps: { vault: TokenVault; factories: BackendFactories; find(profileId: string): StoredProfile },
  profileId: string,
): Promise<RemoteBackendHandle> {
  const profile = deps.find(profileId);
  const token = await deps.vault.get(profileId);
  if (token === undefined) throw tokenMissing(profile.name);
  return deps.factories.createRemote(settingsOf(profile, token));
}

export function createActiveBackendSwitch(options: ActiveBackendOptions): ActiveBackendSwitch {
  const { userDataDir, factories } = options;
  let active: ActiveConnection | undefined;

  async function open(profileId: string): Promise<ActiveConnection> {
    if (profileId === DEMO_PROFILE_ID) {
      const demo = await factories.openDemo(demoFolder(userDataDir));
      if (demo.notice) options.notice(demo.notice);
      options.demoOpened(demo);
      return { profileId, backend: demo.backend, demo, close: () => demo.close() };
    }
    const remote = await openRemoteProfile(options, profileId);
    return { profileId, backend: remote, remote, close: () => remote.close() };
  }

  /**
   * Reads what the newly active server offers, in the background (activation does not wait on the network), then
   * announces it; a failed detection leaves it out and the backend asks again when it needs to.
   */
  function learnCapabilities(entry: ActiveConnection): void {
    entry.remote?.capabilities?.().then(
      (caps) => {
        if (active !== entry) return;
        entry.capabilities = caps;
        options.capabilitiesLearned();
      },
      () => undefined,
    );
  }

  return {
    current: () => active,

    async switchTo(profileId) {
      const next = await open(profileId);
      const previous = active;
      active = next;
      learnCapabilities(next);
      await previous?.close().catch(() => undefined);
    },

    async close() {
      const current = active;
      active = undefined;
      await current?.close();
    },
  };
}
