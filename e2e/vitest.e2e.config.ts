import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser specs: one file at a time on the one shared Chromium, the renderer built once in globalSetup. Files share
// the module cache (isolate: false): each builds its own main core, so nothing but import time is shared.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/specs/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/harness/global-setup.ts'],
    fileParallelism: false,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
