import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { startApp, type AppHarness } from './app-harness';
import { connectChromium } from './chromium';

/** The shared Chromium's endpoint; empty when none is installed (specs then skip). */
export const chromiumEndpoint = inject('chromiumEndpoint');

/**
 * One app per spec file: connects to the shared Chromium, hosts a fresh main-process core, opens the app, and
 * closes both after the file. Call inside a describe; the returned function gives the harness in tests.
 */
export function useApp(options: Parameters<typeof startApp>[1] = {}): () => AppHarness {
  let browser: Browser | undefined;
  let app: AppHarness | undefined;
  beforeAll(async () => {
    browser = await connectChromium(chromiumEndpoint);
    app = await startApp(browser, options);
    await app.open();
  });
  afterAll(async () => {
    await app?.close();
    await browser?.close();
  });
  return () => {
    if (!app) throw new Error('the app is not open yet');
    return app;
  };
}
