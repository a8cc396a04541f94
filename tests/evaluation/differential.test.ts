import { hostname as osHostname } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import UnleashClient from 'unleash-client/lib/client';
import type { RepositoryInterface } from 'unleash-client/lib/repository';
import { defaultStrategies } from 'unleash-client/lib/strategy';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEvaluator, type ClientState, type EvaluationContext } from '../../shared/evaluation';
import { createPrng, generateContext, generateState } from './generate';

/**
 * Differential test against the official Node SDK (unleash-client), offline: its UnleashClient reads flags from an
 * in-memory repository, no network. Both evaluate the same generated flags and contexts; each seed's disagreements
 * are listed with the flag and context, and `FLAGDESK_DIFF_SEED=<seed>` replays one seed alone.
 */

// The SDK fixes its host name when its strategies are built: the HOSTNAME variable, else the OS's.
const sdkHostname = (process.env.HOSTNAME || osHostname() || 'undefined').toLowerCase();

const FIRST_SEED = 1;
const SEEDS = process.env.FLAGDESK_DIFF_SEED ? [Number(process.env.FLAGDESK_DIFF_SEED)] : Array.from({ length: 24 }, (_, i) => FIRST_SEED + i);
const FLAGS_PER_SEED = 80;
const CONTEXTS_PER_SEED = 12;

function sdkFor(state: ClientState): UnleashClient {
  const features = new Map(state.features.map((f) => [f.name, f]));
  const segments = new Map((state.segments ?? []).map((s) => [s.id, s]));
  const repository = {
    getToggle: (name: string) => features.get(name),
    getSegment: (id: number) => segments.get(id),
  } as unknown as RepositoryInterface;
  const client = new UnleashClient(repository, defaultStrategies);
  client.on('warn', () => {}); // custom strategies and missing parents warn; that is expected here
  client.on('error', () => {});
  return client;
}

interface Disagreement {
  seed: number;
  flag: string;
  context: EvaluationContext;
  sdk: unknown;
  ours: unknown;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('differential: shared/evaluation against unleash-client', () => {
  let evaluations = 0;

  for (const seed of SEEDS) {
    it(`seed ${seed}: ${FLAGS_PER_SEED} flags x ${CONTEXTS_PER_SEED} contexts agree`, () => {
      const state = generateState(seed, { flags: FLAGS_PER_SEED, hostname: sdkHostname });
      const sdk = sdkFor(state);
      const prng = createPrng(seed * 7919);
      const disagreements: Disagreement[] = [];
      for (let c = 0; c < CONTEXTS_PER_SEED; c++) {
        const context = generateContext(prng);
        for (const feature of state.features) {
          // One random number per evaluation, served to both sides whenever they draw, so random rollouts and random
          // stickiness agree too (however often and in whichever order each side draws).
          const draw = prng.next();
          vi.spyOn(Math, 'random').mockReturnValue(draw);
          const ours = createEvaluator(state, { random: () => draw, hostname: sdkHostname }).evaluate(feature.name, context);
          const sdkEnabled = sdk.isEnabled(feature.name, context as never, () => false);
          const { featureEnabled: _ignored, ...sdkVariant } = sdk.getVariant(feature.name, context as never);
          if (sdkVariant.payload === undefined) delete sdkVariant.payload;
          evaluations += 1;
          if (ours.enabled !== sdkEnabled || !isDeepStrictEqual(ours.variant, sdkVariant)) {
            disagreements.push({ seed, flag: feature.name, context, sdk: { enabled: sdkEnabled, variant: sdkVariant }, ours: { enabled: ours.enabled, variant: ours.variant } });
          }
        }
      }
      const first = disagreements[0];
      expect(
        disagreements.length,
        first
          ? `seed ${seed}: ${disagreements.length} disagreements; first: ${JSON.stringify({ ...first, definition: state.features.find((f) => f.name === first.flag) }, null, 1)}`
          : '',
      ).toBe(0);
    });
  }

  it('compared thousands of evaluations', () => {
    // Guards the test itself: a generator change that produced nothing would otherwise pass vacuously.
    if (!process.env.FLAGDESK_DIFF_SEED) expect(evaluations).toBe(SEEDS.length * FLAGS_PER_SEED * CONTEXTS_PER_SEED);
  });
});
