import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateClientState, type ClientState, type EvaluationContext } from '../../shared/evaluation';

// The official client specification (npm @unleash/client-specification): every SDK runs these files.
const require = createRequire(import.meta.url);
const specDir = join(dirname(require.resolve('@unleash/client-specification/package.json')), 'specifications');
const index = JSON.parse(readFileSync(join(specDir, 'index.json'), 'utf8')) as string[];

/** The only files left out, and why. Any other file, and every case in it, must run and pass. */
const LEFT_OUT: Record<string, string> = {
  '19-delta-api-hydration.json': 'delta protocol (streaming updates), not evaluation',
  '20-delta-api-events.json': 'delta protocol (streaming updates), not evaluation',
  '22-cidr-constraint-operators.json': 'IN_CIDR is not an operator of the catalogue (shared/domain/operators.ts)',
};

interface SpecCase {
  description: string;
  context: EvaluationContext;
  toggleName: string;
  expectedResult: unknown;
}
interface SpecFile {
  name: string;
  state: ClientState;
  tests?: SpecCase[];
  variantTests?: SpecCase[];
}

let total = 0;
let passed = 0;

describe('client specification', () => {
  it('leaves out exactly the named files', () => {
    expect(index.filter((f) => f in LEFT_OUT).sort()).toEqual(Object.keys(LEFT_OUT).sort());
    // Files 01-18 and 21 are all present: a newer package renaming one would otherwise silently drop it.
    expect(index.filter((f) => !(f in LEFT_OUT))).toHaveLength(19);
  });

  for (const file of index.filter((f) => !(f in LEFT_OUT))) {
    const spec = JSON.parse(readFileSync(join(specDir, file), 'utf8')) as SpecFile;
    describe(file, () => {
      for (const c of spec.tests ?? []) {
        it(c.description, () => {
          total += 1;
          const result = evaluateClientState(spec.state, c.toggleName, c.context);
          expect(result.enabled, result.explanation.summary).toBe(c.expectedResult);
          passed += 1;
        });
      }
      for (const c of spec.variantTests ?? []) {
        it(`variant: ${c.description}`, () => {
          total += 1;
          const result = evaluateClientState(spec.state, c.toggleName, c.context);
          expect(result.variant, result.explanation.summary).toStrictEqual(c.expectedResult);
          passed += 1;
        });
      }
    });
  }

  afterAll(() => {
    console.log(`client-specification: ${passed}/${total} cases pass`);
  });
});
