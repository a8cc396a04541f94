import { defineConfig } from 'vitest/config';

// Tiers (docs/architecture.md#test-tiers): unit tests sit beside their code; the behaviour suite runs one set of
// scenarios against every backend target; renderer component tests run in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'shared/**/*.test.ts',
            'electron/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/evaluation/**/*.test.ts',
            'tests/architecture/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'behaviour',
          environment: 'node',
          include: ['tests/behaviour/**/*.test.ts'],
          // The files share the live servers, whose CORS setting is one global value: never two files at once.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'renderer',
          environment: 'jsdom',
          setupFiles: ['renderer/test/setup.ts'],
          include: ['renderer/**/*.test.tsx', 'renderer/**/*.test.ts'],
        },
      },
    ],
  },
});
