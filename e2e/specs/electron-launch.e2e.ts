import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronBinary, NO_ELECTRON_MESSAGE } from '../harness/electron';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const binary = electronBinary();
if (!binary) console.warn(NO_ELECTRON_MESSAGE);

// The packaged path end to end: main.cjs + preload.cjs + app:// protocol + the built renderer.
describe.skipIf(!binary)('Electron app', () => {
  let app: ElectronApplication;
  let page: Page;
  let home: string;
  const problems: string[] = [];

  beforeAll(async () => {
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-electron.ts'], { cwd: ROOT, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`build:electron failed:\n${built.stderr}`);
    // A private config home gives the app a fresh userData folder (profiles, tokens, demo snapshot).
    home = await mkdtemp(join(tmpdir(), 'flagdesk-electron-'));
    app = await _electron.launch({
      executablePath: binary as string,
      args: [ROOT],
      env: { ...process.env, XDG_CONFIG_HOME: home, HOME: home },
    });
    page = await app.firstWindow();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  });

  afterAll(async () => {
    await app?.close();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it('opens the window from app:// with the demo active and its segments listed', async () => {
    expect(page.url()).toMatch(/^app:\/\/flagdesk\//);
    await page.getByRole('table', { name: 'Segments' }).waitFor();
    expect(await page.locator('.topbar').getByTestId('active-instance-name').textContent()).toBe('Demo');
    expect(await page.evaluate('typeof window.require')).toBe('undefined');
    await page.screenshot({ path: 'test-results/e2e-electron.png' });
    expect(problems).toEqual([]);
  });
});
