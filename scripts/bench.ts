import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { BENCH_MODULES } from './bench/modules';
import { formatTable } from './bench/table';
import type { BenchContext, BenchRow } from './bench/types';

/**
 * `npm run bench [-- --events N] [-- --runs N] [-- --only <group or module name part>]`: runs every measurement module
 * (scripts/bench/modules.ts), prints a table against their budgets (docs/architecture.md#performance-budgets) and writes .bench/results.json.
 */
function parseArgs(argv: string[]): BenchContext & { only: string | undefined } {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i === -1 ? undefined : argv[i + 1];
  };
  const events = Number(value('--events') ?? 1_000_000);
  const runs = Number(value('--runs') ?? 50);
  if (!Number.isInteger(events) || events < 1) throw new Error('--events must be a positive integer');
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  return { events, runs, only: value('--only') };
}

async function main(): Promise<void> {
  const { only, ...ctx } = parseArgs(process.argv.slice(2));
  const results: { module: string; group: string | undefined; row: BenchRow }[] = [];
  for (const mod of BENCH_MODULES) {
    if (only && mod.group !== only && !mod.name.includes(only)) continue;
    process.stderr.write(`bench: ${mod.name}...\n`);
    try {
      for (const row of await mod.run(ctx)) results.push({ module: mod.name, group: mod.group, row });
    } catch (error) {
      results.push({ module: mod.name, group: mod.group, row: { name: 'failed', value: null, unit: '', status: 'todo', note: String(error) } });
    }
  }
  console.log(formatTable(results));
  mkdirSync('.bench', { recursive: true });
  const machine = { node: process.version, cpus: cpus().length, memoryMB: Math.round(totalmem() / 2 ** 20) };
  const report = { at: new Date().toISOString(), context: ctx, machine, rows: results };
  writeFileSync('.bench/results.json', JSON.stringify(report, null, 2) + '\n');
  const over = results.filter((r) => r.row.status === 'over').length;
  console.log(`\n${results.length} rows, ${over} over budget; written to .bench/results.json`);
}

await main();
