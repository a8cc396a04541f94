import { basename } from 'node:path';
import { insecureHttpProblem } from '../../shared/domain/transport-security';
import type { ProtectionLevel } from '../../shared/domain/protection';
import type { ConnectionStatus, ProfileView, ServerCapabilities } from '../../shared/schemas';
import { DEMO_PROFILE_ID, type ProfilesFile, type StoredProfile } from './profile-store';
import type { TokenVault } from './token-vault';

const DEMO_VIEW: Omit<ProfileView, 'protection'> = {
  id: DEMO_PROFILE_ID,
  name: 'Demo',
  kind: 'demo',
  hasToken: false,
  tokenStorage: 'none',
  allowInsecureHttp: false,
  insecureHttp: false,
};

/** Plain http off loopback: the token travels unencrypted (only ever true when the profile allows it). */
export function sendsInClear(profile: Pick<StoredProfile, 'baseUrl'>): boolean {
  return insecureHttpProblem(profile.baseUrl, false) !== undefined;
}

/** The settings a remote backend (or a connection test) is opened with. */
export function settingsOf(profile: StoredProfile, token: string) {
  return {
    baseUrl: profile.baseUrl,
    token,
    ...(profile.allowInsecureHttp ? { allowInsecureHttp: true } : {}),
    ...(profile.caFile ? { caFile: profile.caFile } : {}),
  };
}

export interface StatusSource {
  file: ProfilesFile;
  activeProfileId: string | undefined;
  capabilities: ServerCapabilities | undefined;
  notices: readonly string[];
  vault: TokenVault;
  protectionOf(id: string): ProtectionLevel;
}

/** What the window sees of the profiles: never a token, only where it is kept; the CA file by name only. */
export async function statusOf(source: StatusSource): Promise<ConnectionStatus> {
  const { file, vault, protectionOf, notices } = source;
  const remotes = await Promise.all(
    file.profiles.map(async (p): Promise<ProfileView> => {
      const storage = await vault.storage(p.id);
      return {
        id: p.id,
        name: p.name,
        kind: 'remote',
        baseUrl: p.baseUrl,
        hasToken: storage !== 'none',
        tokenStorage: storage,
        protection: protectionOf(p.id),
        allowInsecureHttp: p.allowInsecureHttp === true,
        insecureHttp: sendsInClear(p),
        ...(p.caFile ? { caFileName: basename(p.caFile) } : {}),
      };
    }),
  );
  const activeProfile = file.profiles.find((p) => p.id === source.activeProfileId);
  return {
    activeProfileId: source.activeProfileId ?? DEMO_PROFILE_ID,
    profiles: [{ ...DEMO_VIEW, protection: protectionOf(DEMO_PROFILE_ID) }, ...remotes],
    encryptionAvailable: vault.encryptionAvailable,
    activeInsecureHttp: activeProfile !== undefined && sendsInClear(activeProfile),
    ...(notices.length ? { notice: notices.join(' ') } : {}),
    ...(source.capabilities ? { capabilities: source.capabilities } : {}),
  };
}
