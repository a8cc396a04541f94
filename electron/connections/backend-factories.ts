import type { ConnectionReport, SaveStatus } from '../../shared/schemas';
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
  /** Flushes pending saves (and keeps the changes marked unsaved when that fails). */
  close(): Promise<void>;
  /** Where saving stands (absent: a store that cannot fail, such as an in-memory one). */
  saveStatus?(): SaveStatus;
  onSaveStatus?(listener: (status: SaveStatus) => void): () => void;
  hasUnsavedChanges?(): boolean;
  /** Writes a save now; rejects when it fails. */
  save?(): Promise<void>;
  /** Writes the current demo to a file the user chose elsewhere. */
  saveCopy?(path: string): Promise<void>;
}

export type RemoteBackendHandle = AdminBackend & { close(): Promise<void> };

export interface RemoteSettings {
  baseUrl: string;
  token: string;
  /** Plain http off loopback, explicitly allowed on the profile. */
  allowInsecureHttp?: boolean;
  /** An extra CA certificate file (PEM) to trust besides the bundled list and the OS store. */
  caFile?: string;
}

export interface BackendFactories {
  openDemo(dir: string): Promise<DemoStoreHandle>;
  createRemote(settings: RemoteSettings): Promise<RemoteBackendHandle>;
  /** `signal` cancels the test (a newer test of the same profile or form supersedes it). */
  testConnection(settings: RemoteSettings, signal?: AbortSignal): Promise<ConnectionReport>;
}
