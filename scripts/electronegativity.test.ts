import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** The security gate must be able to fail: run it over a copy of the app with the window's protections undone. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const copy = mkdtempSync(join(tmpdir(), 'flagdesk-eng-gate-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

function gate(root: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/electronegativity.ts', root], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('npm run test:security', () => {
  it('fails when the window gives up sandbox and context isolation', () => {
    for (const part of ['electron', 'renderer/index.html', 'package.json']) cpSync(join(ROOT, part), join(copy, part), { recursive: true });
    const window = join(copy, 'electron/window.ts');
    const weakened = readFileSync(window, 'utf8').replace('contextIsolation: true', 'contextIsolation: false').replace('sandbox: true', 'sandbox: false');
    expect(weakened).toContain('contextIsolation: false');
    writeFileSync(window, weakened);
    const { status, output } = gate(copy);
    expect(output).toMatch(/CONTEXT_ISOLATION_JS_CHECK/);
    expect(output).toMatch(/-> FAIL/);
    expect(status).toBe(1);
  }, 150_000);
});
