import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ELECTRON_DIR = fileURLToPath(new URL('../../node_modules/electron', import.meta.url));

/**
 * The Electron binary if one was downloaded (or $ELECTRON_PATH), else undefined. Read from path.txt directly:
 * requiring the 'electron' package would start a download on first use.
 */
export function electronBinary(): string | undefined {
  const override = process.env.ELECTRON_PATH;
  if (override) return existsSync(override) ? override : undefined;
  const pathFile = join(ELECTRON_DIR, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(ELECTRON_DIR, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

export const NO_ELECTRON_MESSAGE =
  'Electron launch spec skipped: no Electron binary (node_modules/electron/path.txt or $ELECTRON_PATH); the Chromium specs cover the renderer.';
