import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

/** Debian's Chromium (never a Playwright download). Undefined when none is installed: specs then skip. */
export function chromiumPath(): string | undefined {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return existsSync(path) ? path : undefined;
}

export const NO_CHROMIUM_MESSAGE =
  'e2e skipped: no Chromium at $CHROMIUM_PATH or /usr/bin/chromium (install it with `apt-get install -y chromium`).';

const ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-gpu',
  '--headless',
];

/** One Chromium for the whole run (globalSetup); each spec file connects to it and opens its own context. */
export function launchChromiumServer(executablePath: string): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath, headless: true, args: ARGS, host: '127.0.0.1', port: 0 });
}

export function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
