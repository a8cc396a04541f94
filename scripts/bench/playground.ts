import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { createPrng, generateConstraint, generateContext, generateState } from '../../tests/evaluation/generate';
import { row } from './rows';
import { timeRuns } from './stats';
import type { BenchModule } from './types';

/**
 * shared/evaluation as the renderer's build gives it (Vite, minified, the renderer's target, dependencies bundled),
 * so the figures are those of the code the window runs, not of tsx's development transform.
 */
async function rendererBuildOfEvaluation(): Promise<{ module: typeof import('../../shared/evaluation'); done: () => Promise<void> }> {
  // Under node_modules, because tsx (which runs the bench) transforms any other file it loads, built or not: it wraps
  // every function made at run time in a naming helper, which took ~6% of the evaluation's time in a profile and
  // is not in the code the window runs.
  const cache = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));
  await mkdir(cache, { recursive: true });
  const outDir = await mkdtemp(join(cache, 'flagdesk-bench-evaluation-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      target: 'chrome140',
      minify: true,
      lib: { entry: fileURLToPath(new URL('../../shared/evaluation/index.ts', import.meta.url)), formats: ['es'], fileName: 'evaluation' },
    },
  });
  const module = (await import(pathToFileURL(join(outDir, 'evaluation.js')).href)) as typeof import('../../shared/evaluation');
  return { module, done: () => rm(outDir, { recursive: true, force: true }) };
}

/**
 * The local evaluator, measured on the renderer's build of shared/evaluation, in Node: a project's 200
 * generated flags (segments, every operator, variants) for one context, with a new evaluator per context as the
 * screen makes one (constraints compile once per fetched state); and a segment of 5 constraints over 10,000
 * generated contexts.
 */
export const playgroundBench: BenchModule = {
  name: 'playground',
  async run(ctx) {
    const { module: evaluation, done } = await rendererBuildOfEvaluation();
    const { createEvaluator, testContexts } = evaluation;
    const state = generateState(42, { flags: 200, segments: 20 });
    const prng = createPrng(4242);
    const pool = Array.from({ length: 50 }, () => generateContext(prng));
    const names = state.features.map((f) => f.name);
    const fixed = { now: () => new Date('2025-06-01T00:00:00Z'), random: () => 0.5 };
    let run = 0;
    // As the screen does: the same fetched state, a new context (and a new evaluator) each time.
    const project = timeRuns(() => {
      const context = pool[run++ % pool.length]!;
      const evaluator = createEvaluator(state, fixed);
      for (const name of names) evaluator.evaluate(name, context);
    }, Math.max(ctx.runs, 200), 20);

    const constraints = Array.from({ length: 5 }, () => generateConstraint(prng));
    const contexts = Array.from({ length: 10_000 }, () => generateContext(prng));
    const batch = timeRuns(() => testContexts(constraints, contexts, fixed.now), 30, 3);
    await done();
    const round = (ms: number) => Math.round(ms * 100) / 100;
    return [
      row(
        'evaluate every flag of a project (200 flags, one context)',
        round(project.p50),
        'ms',
        { max: 2, text: 'p50 < 2 ms' },
        { p95: round(project.p95), runs: project.runs },
        'renderer build; same state, a new context and evaluator per run; explanations included',
      ),
      row(
        'segment tester, 10,000 contexts',
        round(batch.p50),
        'ms',
        { max: 100, text: '< 100 ms' },
        { p95: round(batch.p95), runs: batch.runs },
        'renderer build; 5 generated constraints, every one checked per context',
      ),
    ];
  },
};
