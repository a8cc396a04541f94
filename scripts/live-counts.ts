/**
 * Prints one line of counts per behaviour target (so per real server version) from vitest's JSON report, e.g.
 *   remote -> real Unleash 5.12.8 (UNLEASH_URL_5): 120 passed, 0 failed, 4 not applicable
 * and the names of failed rows. Exits 1 when any row failed. Usage: tsx scripts/live-counts.ts <report.json>
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const reportSchema = z.looseObject({
  testResults: z.array(
    z.looseObject({
      assertionResults: z.array(
        z.looseObject({ ancestorTitles: z.array(z.string()), title: z.string(), status: z.string() }),
      ),
    }),
  ),
});

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
}

function countsByTarget(report: z.infer<typeof reportSchema>): Map<string, Counts> {
  const byTarget = new Map<string, Counts>();
  for (const file of report.testResults) {
    for (const row of file.assertionResults) {
      const target = row.ancestorTitles[0] ?? '(no target)';
      const counts = byTarget.get(target) ?? { passed: 0, failed: 0, skipped: 0, failures: [] };
      if (row.status === 'passed') counts.passed += 1;
      else if (row.status === 'failed') {
        counts.failed += 1;
        counts.failures.push([...row.ancestorTitles.slice(1), row.title].join(' > '));
      } else counts.skipped += 1;
      byTarget.set(target, counts);
    }
  }
  return byTarget;
}

const file = process.argv[2];
if (!file) {
  console.error('usage: tsx scripts/live-counts.ts <vitest-json-report>');
  process.exit(2);
}
let raw: unknown;
try {
  raw = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`live-counts: cannot read ${file}: ${String(error)}`);
  process.exit(1);
}
const byTarget = countsByTarget(reportSchema.parse(raw));
let failed = 0;
console.log('\n=== behaviour counts per target');
for (const [target, counts] of [...byTarget].sort(([a], [b]) => a.localeCompare(b))) {
  failed += counts.failed;
  console.log(`${target}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  for (const name of counts.failures.slice(0, 20)) console.log(`    FAILED ${name}`);
  if (counts.failures.length > 20) console.log(`    ... and ${counts.failures.length - 20} more`);
}
process.exit(failed > 0 ? 1 : 0);
