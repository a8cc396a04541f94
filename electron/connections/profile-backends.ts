import type { ProtectionLevel } from '../../shared/domain/protection';
import type { AdminBackend } from '../backend/admin-backend';
import { demoFolder, openRemoteProfile, type ActiveConnection } from './active-backend';
import type { BackendFactories } from './backend-factories';
import { DEMO_PROFILE_ID, type StoredProfile } from './profile-store';
import type { TokenVault } from './token-vault';

/**
 * A backend for any profile, beside the active one (comparing two instances reads both): the active profile's own
 * backend when it is that profile, else one opened for the caller and closed by `release`. The active connection
 * is never touched, and the token stays in main.
 */
export interface ProfileBackend {
  backend: AdminBackend;
  profileId: string;
  name: string;
  kind: 'demo' | 'remote';
  /** The level as it is when opened (a promotion checks it then). */
  protection: ProtectionLevel;
  release(): Promise<void>;
}

export interface ProfileBackendsOptions {
  userDataDir: string;
  vault: TokenVault;
  factories: BackendFactories;
  active(): ActiveConnection | undefined;
  find(id: string): StoredProfile;
  protectionOf(id: string): ProtectionLevel;
}

export function createProfileBackends(options: ProfileBackendsOptions) {
  return async function openProfile(profileId: string): Promise<ProfileBackend> {
    const kind = profileId === DEMO_PROFILE_ID ? 'demo' : 'remote';
    const name = kind === 'demo' ? 'Demo' : options.find(profileId).name;
    const protection = options.protectionOf(profileId);
    const active = options.active();
    if (active?.profileId === profileId) {
      return { backend: active.backend, profileId, name, kind, protection, release: async () => undefined };
    }
    if (kind === 'demo') {
      // The demo is not active: its store is opened for this use only (it holds the folder's lock meanwhile).
      const demo = await options.factories.openDemo(demoFolder(options.userDataDir));
      return { backend: demo.backend, profileId, name, kind, protection, release: () => demo.close() };
    }
    const remote = await openRemoteProfile(options, profileId);
    return { backend: remote, profileId, name, kind, protection, release: () => remote.close() };
  };
}
