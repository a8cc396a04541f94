import { createDemoBackend } from '../../electron/backend/demo';
import { createRemoteBackend } from '../../electron/backend/remote/remote-backend';
import { createCompareService, type OpenedSide } from '../../electron/compare/compare-service';
import { comparableSegment, comparableStrategyType } from '../../shared/domain/compare/comparable';
import { compareContents } from '../../shared/domain/compare/compare-instances';
import type { InstanceContent } from '../../shared/schemas';
import { startDemoServer } from '../demo-server/spawn';
import { row } from './rows';
import { timeRuns } from './stats';
import type { BenchModule } from './types';

/**
 * Comparing two instances: 1,000 segments and 100 strategy types per side compared after the reads
 * (the pure core the window and the CLI share), and a promotion of 100 segments to a demo server over HTTP, per item.
 */
function side(seed: number): InstanceContent {
  const segments = Array.from({ length: 1000 }, (_, i) =>
    comparableSegment({
      name: `segment-${i}`,
      description: `segment ${i}`,
      project: i % 10 === 0 ? 'web' : null,
      constraints: Array.from({ length: 5 }, (_, c) => ({
        contextName: `field-${c}`,
        operator: 'IN',
        // every tenth segment differs in one value between the sides
        values: Array.from({ length: 20 }, (_, v) => `v-${i}-${c}-${v}${i % 10 === 3 && c === 0 && v === 0 ? `-${seed}` : ''}`),
      })),
    }),
  );
  const strategyTypes = Array.from({ length: 100 }, (_, i) =>
    comparableStrategyType({
      name: `type-${i}`,
      description: i % 7 === 0 ? `type ${i} ${seed}` : `type ${i}`,
      editable: true,
      deprecated: false,
      parameters: [{ name: 'p', type: 'string', description: 'd', required: i % 2 === 0 }],
    }),
  );
  return { segments, strategyTypes, contextFields: [], corsOrigins: [], projects: ['default', 'web'] };
}

export const compareBench: BenchModule = {
  name: 'compare',
  group: 'compare',
  async run() {
    const left = side(1);
    const right = side(2);
    const timing = timeRuns(() => compareContents(left, right), 20, 2);
    const rows = [
      row('1,000 segments + 100 strategy types per side, compared after the reads', timing.p50, 'ms', { max: 1000, text: '< 1 s' }, { p95: timing.p95, runs: timing.runs }),
    ];

    const server = await startDemoServer('bench-compare-token');
    const target = createRemoteBackend({ baseUrl: server.url, token: server.token });
    try {
      const source = createDemoBackend({});
      const names = Array.from({ length: 100 }, (_, i) => `bench-promote-${i}`);
      for (const name of names) await source.createSegment({ name, constraints: [{ contextName: 'userId', operator: 'IN', values: [name, 'a', 'b'] }] });
      const opened: Record<string, OpenedSide> = {
        left: { info: { type: 'profile', kind: 'demo', label: 'demo' }, backend: source, release: async () => undefined },
        right: { info: { type: 'profile', kind: 'demo', label: 'demo server', protection: 'none' }, backend: target, release: async () => undefined },
      };
      const service = createCompareService({ opener: { open: async (s) => opened[s.type === 'profile' ? s.profileId : ''] as OpenedSide } });
      const L = { type: 'profile' as const, profileId: 'left' };
      const R = { type: 'profile' as const, profileId: 'right' };
      const plan = await service.plan({ left: L, right: R, items: names.map((name) => ({ kind: 'segments' as const, name })), projectChoices: [] });
      const t0 = performance.now();
      const result = await service.apply({ planId: plan.planId, onFailure: 'stop', confirmation: { confirmed: true } });
      const total = performance.now() - t0;
      if (result.counts.done !== 100) throw new Error(`promoted ${result.counts.done} of 100: ${result.summary}`);
      rows.push(row('promotion of 100 segments to a demo server (remote backend), per item', total / 100, 'ms', undefined, { totalMs: Math.round(total) }));
    } finally {
      await target.close();
      await server.stop();
    }
    return rows;
  },
};
