/**
 * `npm run test:security`: Doyensec's electronegativity over electron/ and renderer/index.html. Fails (exit 1) on
 * any finding of MEDIUM or HIGH severity that is not reviewed with an `eng-disable` comment on its line (the tool
 * drops those itself). The tool's CLI always exits 0 whatever it finds, hence this gate.
 *
 * The sources are copied to a temporary folder first: the tool takes one input, and the folder also gets
 * package.json so it knows the Electron version. Tests (*.test.ts) are left out: they are not shipped, and they
 * quote hostile URLs on purpose. AvailableSecurityFixesGlobalCheck is excluded: it fetches Electron's release list
 * from GitHub.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Finding {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: { value: number; name: string };
  confidence: { value: number; name: string };
  manualReview: boolean;
  description: string;
  sample: string;
}
interface RunResult {
  globalChecks: number;
  atomicChecks: number;
  errors: { file: string; message: string; tolerable: boolean }[];
  issues: Finding[];
}
type Run = (options: Record<string, unknown>) => Promise<RunResult>;

/** The project root; an argument points the gate at another checkout (used to check that the gate can fail). */
const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
/**
 * The tool fetches translations and Electron's release list with `got`; this gate runs offline, so `got` is
 * replaced in the require cache by a stub that refuses at once (English messages are built in).
 */
function blockNetwork(): void {
  const toolRequire = createRequire(require.resolve('@doyensec/electronegativity/dist/runner.js'));
  const gotPath = toolRequire.resolve('got');
  const refuse = () => Promise.reject(new Error('network disabled in the security gate'));
  const stub = Object.assign(refuse, { default: refuse, __esModule: true });
  require.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: stub } as unknown as NodeJS.Module;
}
blockNetwork();
const runner = require('@doyensec/electronegativity/dist/runner.js') as Run | { default: Run };
const run: Run = typeof runner === 'function' ? runner : runner.default;

const MEDIUM = 2;
const EXCLUDED = ['AvailableSecurityFixesGlobalCheck'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|js|html)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

async function main(): Promise<number> {
  const staging = mkdtempSync(join(tmpdir(), 'flagdesk-eng-'));
  try {
    const inputs = [...sourceFiles(join(root, 'electron'))];
    const html = join(root, 'renderer', 'index.html');
    if (existsSync(html)) inputs.push(html);
    else console.log('renderer/index.html not found yet: scanning electron/ only.');
    for (const file of [...inputs, join(root, 'package.json')]) {
      cpSync(file, join(staging, relative(root, file)));
    }

    const quiet = console.log;
    // The tool prints a line when its (blocked) translation download fails; keep the output to the findings.
    console.log = (...args: unknown[]) => {
      if (!String(args[0]).startsWith('Could not retrieve updated translations')) quiet(...args);
    };
    const result = await run({ input: staging, excludeFromScan: EXCLUDED, isRelative: true }).finally(() => {
      console.log = quiet;
    });
    for (const error of result.errors) {
      console.log(`${error.tolerable ? 'warning' : 'PARSE ERROR'}: ${error.file}: ${error.message}`);
    }

    const rows = result.issues
      .map((issue) => ({
        check: issue.id,
        severity: issue.severity.name,
        confidence: issue.confidence.name,
        review: issue.manualReview ? 'manual' : '',
        where: `${issue.file}:${issue.location.line}:${issue.location.column}`,
        sample: issue.sample.trim().slice(0, 70),
      }))
      .sort((a, b) => a.where.localeCompare(b.where));
    if (rows.length) console.table(rows);

    const failing = result.issues.filter((issue) => issue.severity.value >= MEDIUM);
    const parseErrors = result.errors.filter((error) => !error.tolerable);
    console.log(
      `electronegativity: ${inputs.length} files, ${result.atomicChecks} atomic + ${result.globalChecks} global checks` +
        ` (excluded: ${EXCLUDED.join(', ')}); ${result.issues.length} unreviewed findings, ` +
        `${failing.length} of medium/high severity, ${parseErrors.length} parse errors -> ` +
        (failing.length || parseErrors.length ? 'FAIL' : 'PASS'),
    );
    return failing.length || parseErrors.length ? 1 : 0;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
