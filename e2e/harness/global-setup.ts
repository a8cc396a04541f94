import { fileURLToPath } from 'node:url';
import type { BrowserServer } from 'playwright-core';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { chromiumPath, launchChromiumServer, NO_CHROMIUM_MESSAGE } from './chromium';
import { electronBinary } from './electron';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Playwright endpoint of the shared Chromium; empty when there is none (specs skip). */
    chromiumEndpoint: string;
  }
}

let server: BrowserServer | undefined;

/** Build the renderer (as `npm run build:renderer` does) while Chromium starts; both are shared by every spec. */
export async function setup(project: TestProject): Promise<void> {
  const executable = chromiumPath();
  if (!executable) {
    // CI installs Chromium (.ci/run); there a skipped browser tier is a failure, not a warning.
    if (process.env.FLAGDESK_REQUIRE_ALL_TIERS === '1') throw new Error(`${NO_CHROMIUM_MESSAGE} FLAGDESK_REQUIRE_ALL_TIERS=1 forbids skipping.`);
    console.warn(NO_CHROMIUM_MESSAGE);
  }
  project.provide('chromiumEndpoint', '');
  if (!executable && !electronBinary()) return;
  // The production build the app ships, not the test runner's: vitest sets NODE_ENV=test, and libraries drop
  // code under it (react-aria's injected <style>, which the CSP refuses, is skipped in test builds).
  const runnerNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const [, launched] = await Promise.all([
    build({ configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)), logLevel: 'warn' }).finally(() => {
      process.env.NODE_ENV = runnerNodeEnv;
    }),
    executable ? launchChromiumServer(executable) : undefined,
  ]);
  server = launched;
  if (launched) project.provide('chromiumEndpoint', launched.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await server?.close();
}
