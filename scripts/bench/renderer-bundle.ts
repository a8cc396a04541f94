import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { row, todo } from './rows';
import type { BenchModule } from './types';

const DIST = 'dist/renderer';
const BUDGET = { max: 250, text: '< 250 KB gzip' };

/** The JS the entry page loads before anything else: the entry script and the chunks it preloads. */
function entryScripts(html: string): string[] {
  const refs = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  return [...new Set(refs)];
}

export const rendererBundleBench: BenchModule = {
  name: 'renderer bundle',
  async run() {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
    const indexPath = join(DIST, 'index.html');
    if (!existsSync(indexPath)) return [todo('renderer entry JS, gzip', `no ${indexPath} after vite build`, BUDGET)];
    const files = entryScripts(readFileSync(indexPath, 'utf8'));
    const gzip = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(DIST, file))).length, 0);
    const all = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
    const total = all.reduce((sum, file) => sum + gzipSync(readFileSync(join(DIST, 'assets', file))).length, 0);
    return [
      row('renderer entry JS, gzip', Math.round(gzip / 102.4) / 10, 'KB', BUDGET, {
        files: files.length,
        allChunksKB: Math.round(total / 102.4) / 10,
      }, 'entry script + modulepreloaded chunks'),
    ];
  },
};
