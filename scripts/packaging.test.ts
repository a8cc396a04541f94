import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The packaged app has Electron's fuses set. electron-builder flips them (through @electron/fuses) from
 * `electronFuses` in electron-builder.json; this fails when one is left at Electron's default or removed.
 */
const root = join(import.meta.dirname, '..');
const config = JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8')) as {
  electronFuses?: Record<string, unknown>;
  asar?: unknown;
  files?: string[];
  linux?: { target?: string[] };
  mac?: { target?: string[] };
  win?: { target?: string[] };
};
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

describe('packaging', () => {
  it.each([
    ['runAsNode', false],
    ['enableNodeOptionsEnvironmentVariable', false],
    ['enableNodeCliInspectArguments', false],
    ['enableCookieEncryption', true],
    ['onlyLoadAppFromAsar', true],
    ['enableEmbeddedAsarIntegrityValidation', true],
    ['grantFileProtocolExtraPrivileges', false],
  ])('sets the fuse %s to %s', (fuse, value) => {
    expect(config.electronFuses?.[fuse]).toBe(value);
  });

  it('packs the app into an asar (the integrity and asar-only fuses need one) from the built dist/ only', () => {
    expect(config.asar).toBe(true);
    expect(config.files).toEqual(['dist/**/*', 'package.json']);
  });

  it('builds AppImage and deb on Linux, dmg on macOS, NSIS on Windows', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.win?.target).toEqual(['nsis']);
  });

  it('`npm run package` builds first and uses this configuration; installing never fetches the packager', () => {
    expect(pkg.scripts.package).toMatch(/^npm run build && npx --yes electron-builder@[\d.]+ --config electron-builder\.json/);
    // Not a dependency: `npm ci` stays offline-clean, packaging (which downloads Electron) happens on a connected machine.
    expect({ ...pkg.dependencies, ...pkg.devDependencies }).not.toHaveProperty('electron-builder');
  });
});
