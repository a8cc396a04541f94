import type { SaveStatus } from '../../shared/schemas';
import type { UnsavedWork } from '../shell/quit-guard';
import type { DemoStoreHandle } from './backend-factories';
import { unsavedDemoChanges } from './connection-errors';

/**
 * Whether the demo's changes reach the disk: its save status (and every change of it), what quitting needs, and
 * the last save tried before the demo is left. A remote server saves nothing here: its status is always ok.
 */
export interface DemoSaves {
  /** Follows the save status of a demo store just opened (and stops following the one before). */
  follow(demo: DemoStoreHandle): void;
  /**
   * Leaving the demo closes its store, and a store whose saves fail would drop its unsaved changes: tries one more
   * save, and refuses (saying why and what to do) when that fails too.
   */
  keepChanges(): Promise<void>;
  saveStatus(): SaveStatus;
  onSaveStatus(listener: (status: SaveStatus) => void): () => void;
  /** What quitting needs: unsaved demo changes, a retry, and a copy written elsewhere. */
  unsaved: UnsavedWork;
  close(): void;
}

/** `activeDemo` is the demo store in use, or undefined while a remote server is active. */
export function createDemoSaves(activeDemo: () => DemoStoreHandle | undefined): DemoSaves {
  const listeners = new Set<(status: SaveStatus) => void>();
  let stopFollowing: (() => void) | undefined;

  return {
    follow(demo) {
      stopFollowing?.();
      stopFollowing = demo.onSaveStatus?.((status) => {
        for (const listener of listeners) listener(status);
      });
    },

    async keepChanges() {
      const demo = activeDemo();
      if (!demo?.hasUnsavedChanges?.()) return;
      try {
        await demo.save?.();
      } catch {
        throw unsavedDemoChanges(demo.saveStatus?.().message);
      }
    },

    saveStatus: () => activeDemo()?.saveStatus?.() ?? { ok: true },

    onSaveStatus(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    unsaved: {
      pending: () => activeDemo()?.hasUnsavedChanges?.() ?? false,
      problem: () => activeDemo()?.saveStatus?.().message,
      retry: async () => {
        await activeDemo()?.save?.();
      },
      saveCopy: async (path) => {
        const demo = activeDemo();
        if (!demo?.saveCopy) throw new Error('no demo data to save');
        await demo.saveCopy(path);
      },
    },

    close() {
      listeners.clear();
    },
  };
}
