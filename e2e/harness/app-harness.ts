import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createMainCore, type MainCore } from '../../electron/core';
import type { ShellPort } from '../../electron/shell/shell-port';
import type { BackendFactories } from '../../electron/connections/backend-factories';
import { fakeCipher } from '../../electron/connections/test-support/fakes';
import { assertAccessible } from './axe';
import { bridgeScript, EMIT_FUNCTION, INVOKE_BINDING } from './bridge-script';
import { serveStatic, type StaticServer } from './static-server';
import { answerText } from './answer-text';

const RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer', import.meta.url));
const WEB_CONTENTS_ID = 1;
const CSP_BINDING = '__flagdeskCspViolation';
const cspReporter = `document.addEventListener('securitypolicyviolation', (event) => {
  window[${JSON.stringify(CSP_BINDING)}](event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' at ' + event.sourceFile + ':' + event.lineNumber + ' ' + event.sample);
});`;


export interface AppHarness {
  page: Page;
  core: MainCore;
  /** Console errors, uncaught page errors, HTTP errors and CSP violations seen so far. */
  problems: string[];
  /** Open (or reopen) the app and wait for the shell. */
  open(): Promise<void>;
  /**
   * Saves test-results/e2e-<name>.png and runs axe-core on the state shown (serious/critical violations fail).
   * With `variants`, also saves <name>-820 and <name>-dark(-820) and checks each.
   */
  screenshot(name: string, options?: { variants?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export async function startApp(
  browser: Browser,
  options: { encryptionAvailable?: boolean; shell?: ShellPort; factories?: Partial<BackendFactories> } = {},
): Promise<AppHarness> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'flagdesk-e2e-'));
  const server: StaticServer = await serveStatic(RENDERER_DIR);
  const core = await createMainCore({
    userDataDir,
    cipher: fakeCipher(options.encryptionAvailable ?? true),
    appOrigins: [server.origin],
    ...(options.shell ? { shell: options.shell } : {}),
    ...(options.factories ? { factories: options.factories } : {}),
  });
  core.senders.trust(WEB_CONTENTS_ID);

  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} for ${response.url()}`);
  });

  // Every CSP violation (an inline style, say) is a problem, reported by the page with what it blocked.
  await page.exposeBinding(CSP_BINDING, (_source, text: unknown) => {
    problems.push(`CSP violation: ${String(text)}`);
  });
  await page.addInitScript({ content: cspReporter });

  // The sender is derived from the calling frame, as register.ts derives it from Electron's event. The answer goes
  // as JSON text: Playwright's serialiser walks a value slowly (a page of 50 event rows took ~50 ms, where Electron's
  // structured clone takes well under one), and answers are JSON values (checked against the contract's schemas).
  await page.exposeBinding(INVOKE_BINDING, async (source, channel: unknown, input: unknown) =>
    answerText(
      await core.dispatch(channel, input, {
        webContentsId: WEB_CONTENTS_ID,
        frameUrl: source.frame.url(),
        isMainFrame: source.frame === source.page.mainFrame(),
      }),
    ),
  );
  await page.addInitScript({ content: await bridgeScript() });
  const stopPush = core.onPush((event, payload) => {
    void page.evaluate(`window.${EMIT_FUNCTION}(${JSON.stringify(event)}, ${JSON.stringify(payload)})`).catch(() => undefined);
  });

  return {
    page,
    core,
    problems,
    async open() {
      await page.goto(`${server.origin}/`);
      await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    },
    async screenshot(name, { variants = false } = {}) {
      const shoot = async (file: string) => {
        await page.screenshot({ path: `test-results/e2e-${file}.png`, fullPage: true });
        await assertAccessible(page, file);
      };
      await shoot(name);
      if (!variants) return;
      const size = page.viewportSize() ?? { width: 1280, height: 800 };
      try {
        await page.setViewportSize({ width: 820, height: size.height });
        await shoot(`${name}-820`);
        await page.emulateMedia({ colorScheme: 'dark' });
        await shoot(`${name}-dark-820`);
        await page.setViewportSize(size);
        await shoot(`${name}-dark`);
      } finally {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.setViewportSize(size);
      }
    },
    async close() {
      stopPush();
      await context.close();
      await core.close();
      await server.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
