import { insecureHttpProblem } from '../../shared/domain/transport-security';
import type { ConnectionReport, TestConnectionInput } from '../../shared/schemas';
import { redactSecrets } from '../security/redact';
import type { BackendFactories, RemoteSettings } from './backend-factories';
import { tokenMissing } from './connection-errors';
import { DEMO_PROFILE_ID, type StoredProfile } from './profile-store';
import { sendsInClear, settingsOf } from './profile-views';
import type { TokenVault } from './token-vault';

const SUPERSEDED: ConnectionReport = { ok: false, reachable: false, message: 'A newer test of this connection replaced this one.' };
const IN_CLEAR = ' The token was sent over plain http, unencrypted, as this profile allows.';
const MAYBE_IN_CLEAR = ' The token may have been sent over plain http, unencrypted, as this profile allows, before the connection failed.';

/** What the report says about the token on a plain-http profile: sent, perhaps sent, or nothing (never connected). */
function inClear(report: ConnectionReport): string {
  if (report.reachable) return IN_CLEAR;
  return report.tokenSent === false ? '' : MAYBE_IN_CLEAR;
}

export interface ConnectionTester {
  /** A newer test of the same profile (or of the unsaved form) cancels one still running, which then says so. */
  test(input: TestConnectionInput): Promise<ConnectionReport>;
  /** Cancels every running test (the app is closing). */
  abortAll(): void;
}

export function createConnectionTester(deps: {
  find(id: string): StoredProfile;
  vault: TokenVault;
  factories: BackendFactories;
}): ConnectionTester {
  /** The running test per profile id ('form' for unsaved settings: the app has one form). */
  const tests = new Map<string, AbortController>();
  return {
    abortAll() {
      for (const running of tests.values()) running.abort();
    },
    async test(input) {
      if ('id' in input && input.id === DEMO_PROFILE_ID) {
        return { ok: true, reachable: true, edition: 'Demo', admin: true, message: 'The built-in demo runs inside Flagdesk and is always available.' };
      }
      // Registered before any await, so that "newer" means the order the tests were asked in.
      const key = 'id' in input ? input.id : 'form';
      tests.get(key)?.abort();
      const controller = new AbortController();
      tests.set(key, controller);
      try {
        let settings: RemoteSettings;
        if ('id' in input) {
          const profile = deps.find(input.id);
          const token = await deps.vault.get(profile.id);
          if (token === undefined) return { ok: false, reachable: false, message: tokenMissing(profile.name).message };
          settings = settingsOf(profile, token);
        } else {
          settings = { baseUrl: input.baseUrl, token: input.token, allowInsecureHttp: input.allowInsecureHttp === true };
        }
        const insecure = insecureHttpProblem(settings.baseUrl, settings.allowInsecureHttp === true);
        if (insecure) return { ok: false, reachable: false, message: insecure };
        try {
          const report = await deps.factories.testConnection(settings, controller.signal);
          if (controller.signal.aborted) return SUPERSEDED;
          const clear = sendsInClear(settings) ? inClear(report) : '';
          const message = redactSecrets(report.message, [settings.token]) + clear;
          return { ...report, ...(clear ? { insecureHttp: true } : {}), message };
        } catch {
          if (controller.signal.aborted) return SUPERSEDED;
          return { ok: false, reachable: false, message: 'The connection test failed unexpectedly; check the URL and try again.' };
        }
      } finally {
        if (tests.get(key) === controller) tests.delete(key);
      }
    },
  };
}
