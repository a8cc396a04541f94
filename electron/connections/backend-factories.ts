import type { ConnectionReport, ServerCapabilities } from '../../shared/schemas';
import type { AdminBackend } from '../backend/admin-backend';

/**
 * How the connection manager gets its backends. The real ones are loaded lazily (default-factories.ts) so that a
 * remote-only session never builds the demo dataset; tests pass small fakes.
 */
export interface DemoStoreHandle {
  backend: AdminBackend;
  /** One sentence for the user, e.g. a corrupt snapshot that was moved aside. */
  notice?: string;
  reset(): Promise<void>;
  /** Flushes pending saves. */
  close(): Promise<void>;
}

export type RemoteBackendHandle = AdminBackend & {
  close(): Promise<void>;
  /** What the server offers (remote-backend.ts detects it once); the status shows it after activation. */
  capabilities?(): Promise<ServerCapabilities>;
};

export interface RemoteSettings {
  baseUrl: string;
  token: string;
}

export interface BackendFactories {
  openDemo(dir: string): Promise<DemoStoreHandle>;
  createRemote(settings: RemoteSettings): Promise<RemoteBackendHandle>;
  /** `signal` cancels the test (a newer test of the same profile or form supersedes it). */
  testConnection(settings: RemoteSettings, signal?: AbortSignal): Promise<ConnectionReport>;
}
