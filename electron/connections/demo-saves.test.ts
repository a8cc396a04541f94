import { describe, expect, it } from 'vitest';
import type { SaveStatus } from '../../shared/schemas';
import type { DemoStoreHandle } from './backend-factories';
import { createDemoSaves } from './demo-saves';
import { fakeBackend } from './test-support/fakes';

/** A demo store whose save status the test drives. */
function demoStore(initial: SaveStatus = { ok: true }) {
  let status = initial;
  const listeners = new Set<(s: SaveStatus) => void>();
  const store: DemoStoreHandle & { announce(s: SaveStatus): void; copies: string[] } = {
    backend: fakeBackend('demo'),
    copies: [],
    reset: async () => undefined,
    close: async () => undefined,
    saveStatus: () => status,
    onSaveStatus(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    hasUnsavedChanges: () => !status.ok,
    save: async () => {
      if (!status.ok) throw new Error('ENOSPC');
    },
    saveCopy: async (path) => void store.copies.push(path),
    announce(next) {
      status = next;
      for (const listener of listeners) listener(next);
    },
  };
  return store;
}

describe("the demo's save status", () => {
  it('follows the demo opened last, and only it', () => {
    const first = demoStore();
    const second = demoStore();
    let active: DemoStoreHandle | undefined = first;
    const saves = createDemoSaves(() => active);
    const seen: SaveStatus[] = [];
    saves.onSaveStatus((s) => seen.push(s));
    saves.follow(first);
    first.announce({ ok: false, message: 'The disk is full.' });
    active = second;
    saves.follow(second);
    first.announce({ ok: false, message: 'from a store no longer open' });
    second.announce({ ok: true });
    expect(seen).toEqual([{ ok: false, message: 'The disk is full.' }, { ok: true }]);
  });

  it('is ok while a remote server is active, with nothing to keep at quit', async () => {
    const saves = createDemoSaves(() => undefined);
    expect(saves.saveStatus()).toEqual({ ok: true });
    expect(saves.unsaved.pending()).toBe(false);
    await expect(saves.keepChanges()).resolves.toBeUndefined();
    await expect(saves.unsaved.saveCopy('/tmp/elsewhere.json')).rejects.toThrow('no demo data to save');
  });

  it('refuses to leave a demo whose last save fails, naming the problem', async () => {
    const store = demoStore({ ok: false, message: 'The disk is full.' });
    const saves = createDemoSaves(() => store);
    expect(saves.unsaved.pending()).toBe(true);
    expect(saves.unsaved.problem()).toBe('The disk is full.');
    await expect(saves.keepChanges()).rejects.toThrow('could not be saved (The disk is full)');
    await saves.unsaved.saveCopy('/tmp/elsewhere.json');
    expect(store.copies).toEqual(['/tmp/elsewhere.json']);
  });
});
