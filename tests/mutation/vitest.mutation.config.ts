import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant of the security core (stryker.config.json): the unit tests that
// exercise those files through their own doors. Kept apart from vitest.config.ts so a mutant never waits on the
// renderer, behaviour or e2e tiers.
export default defineConfig({
  test: {
    name: 'mutation',
    environment: 'node',
    root: new URL('../..', import.meta.url).pathname,
    include: [
      'electron/security/redact.test.ts',
      'electron/security/redaction-through-dispatch.test.ts',
      'electron/ipc/dispatch.test.ts',
      'electron/ipc/sender.test.ts',
      'electron/ipc/read-only-guard.test.ts',
      'shared/domain/origin.test.ts',
      'shared/csv/spreadsheet-safe.test.ts',
      'electron/storage/data-file.test.ts',
      'electron/storage/data-folder.test.ts',
    ],
  },
});
