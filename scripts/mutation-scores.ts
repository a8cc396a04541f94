/**
 * Prints the mutation score of each file of the security core from Stryker's JSON report and exits 1 when a file is
 * below its bar (the bars sit in stryker.config.json's "mutate" order, here). Usage: tsx scripts/mutation-scores.ts
 * [reports/mutation/mutation.json]. Score = detected / valid, where detected = killed + timed out, and valid also
 * counts survived and uncovered mutants; ignored mutants (named equivalents, `// Stryker disable ... :reason`) and
 * static ones (not run: stryker.config.json's ignoreStatic) do not count.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** The bar per file: 100 for the three locks whose every branch guards the token or a write, 90 for the rest. */
export const MUTATION_BARS: Record<string, number> = {
  'electron/security/redact.ts': 100,
  'electron/ipc/sender.ts': 100,
  'electron/ipc/read-only-guard.ts': 100,
  'electron/ipc/dispatch.ts': 90,
  'shared/domain/origin.ts': 90,
  'shared/csv/spreadsheet-safe.ts': 90,
  'electron/storage/data-file.ts': 90,
};

const reportSchema = z.looseObject({
  files: z.record(z.string(), z.looseObject({ mutants: z.array(z.looseObject({ status: z.string(), statusReason: z.string().optional() })) })),
});

export interface FileScore {
  file: string;
  score: number;
  detected: number;
  valid: number;
  survived: number;
  /** Named equivalents: `// Stryker disable ...: reason` in the source. */
  equivalent: number;
  /** Module-level mutants, skipped by ignoreStatic (they would rerun every test). */
  statics: number;
  bar: number;
}

export function scoresOf(report: unknown): FileScore[] {
  const { files } = reportSchema.parse(report);
  return Object.entries(files).map(([file, { mutants }]) => {
    const count = (...statuses: string[]) => mutants.filter((m) => statuses.includes(m.status)).length;
    const detected = count('Killed', 'Timeout');
    const valid = detected + count('Survived', 'NoCoverage');
    return {
      file,
      score: valid === 0 ? 100 : (100 * detected) / valid,
      detected,
      valid,
      survived: count('Survived', 'NoCoverage'),
      equivalent: mutants.filter((m) => m.status === 'Ignored' && !/^Static mutant/.test(m.statusReason ?? '')).length,
      statics: mutants.filter((m) => m.status === 'Ignored' && /^Static mutant/.test(m.statusReason ?? '')).length,
      bar: MUTATION_BARS[file] ?? 90,
    };
  });
}

function main(): void {
  const path = process.argv[2] ?? 'reports/mutation/mutation.json';
  const scores = scoresOf(JSON.parse(readFileSync(path, 'utf8')));
  let failed = 0;
  for (const s of scores.sort((a, b) => a.file.localeCompare(b.file))) {
    const ok = s.score >= s.bar;
    if (!ok) failed += 1;
    console.log(
      `mutation: ${s.file}: ${s.score.toFixed(1)}% (${s.detected}/${s.valid} detected, ${s.survived} survived, ` +
        `${s.equivalent} named equivalent, ${s.statics} static skipped) bar ${s.bar}% ${ok ? 'ok' : 'BELOW'}`,
    );
  }
  const missing = Object.keys(MUTATION_BARS).filter((f) => !scores.some((s) => s.file === f));
  for (const file of missing) console.log(`mutation: ${file}: not in the report`);
  process.exit(failed > 0 || missing.length > 0 ? 1 : 0);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) main();
