/**
 * `npm run build:electron`: bundles the main process and the preload with esbuild into dist/electron/.
 * - main.cjs: platform node, 'electron' external (the runtime provides it), everything else inlined (zod, the demo).
 * - preload.cjs: one self-contained CJS file, because sandboxed preloads cannot load modules; it imports only the
 *   channel and event names, written in as constants from the contract (electron/ipc/bridge-names.ts), so it stays
 *   tiny (checked below: no zod in it).
 */
import { statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { PRELOAD_DEFINES } from '../electron/ipc/bridge-names';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'electron');
const production = process.env.NODE_ENV !== 'development';

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  external: ['electron'],
  sourcemap: production ? false : 'inline',
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  metafile: true,
};

/** The local copy's chunk indexer runs on a worker thread: a file of its own, named to main.cjs (chunk-index-thread.ts). */
const CHUNK_INDEX_WORKER = 'chunk-index-worker.cjs';

const targets: { entry: string; out: string; define: Record<string, string> }[] = [
  // import.meta.url names the worker's source when run from the sources; the bundle names the file above instead
  {
    entry: 'electron/main.ts',
    out: 'main.cjs',
    define: { __FLAGDESK_CHUNK_INDEX_WORKER__: JSON.stringify(CHUNK_INDEX_WORKER), 'import.meta.url': 'undefined' },
  },
  { entry: 'electron/preload.ts', out: 'preload.cjs', define: PRELOAD_DEFINES },
  { entry: 'electron/backend/demo/events/chunk-index-worker.ts', out: CHUNK_INDEX_WORKER, define: {} },
];

const PRELOAD_BUDGET_BYTES = 20_000;

for (const target of targets) {
  const result = await build({
    ...common,
    define: { ...common.define, ...target.define },
    entryPoints: [join(root, target.entry)],
    outfile: join(outdir, target.out),
  });
  const size = statSync(join(outdir, target.out)).size;
  const inputs = Object.keys(result.metafile?.inputs ?? {});
  console.log(`${relative(root, join(outdir, target.out))}: ${(size / 1024).toFixed(1)} KB from ${inputs.length} modules`);
  if (target.out === 'preload.cjs') {
    const heavy = inputs.filter((input) => input.includes('node_modules'));
    if (heavy.length || size > PRELOAD_BUDGET_BYTES) {
      console.error(`preload.cjs must stay small and dependency-free; it pulled in: ${heavy.join(', ') || `${size} bytes`}`);
      process.exit(1);
    }
  }
}
