import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixturedBackend } from '../../../electron/backend/instance-fixtures';
import { exportBundleContent } from '../../../electron/compare/bundle-files';
import { readBundle } from '../../../shared/domain/compare/bundle';
import type { CompareResult, ItemRef, PromoteResult } from '../../../shared/schemas';
import { unique } from '../support/run-id';
import { harness, LEFT, RIGHT, type Pair, type PairHarness } from './pair';

/**
 * Compare and promote between two servers, every kind and every outcome, each checked on the right server's own
 * answers (a fresh read of it) and on its event log. Real servers keep their state between runs: every name is this
 * run's, and assertions look only at those names.
 */

interface Names {
  field: string;
  newSegment: string;
  changedSegment: string;
  sameSegment: string;
  rightOnlySegment: string;
  type: string;
  changedType: string;
  fieldChanged: string;
  origin: string;
  flag: string;
}

const itemOf = (result: CompareResult, kind: ItemRef['kind'], name: string) =>
  result.kinds.find((entry) => entry.kind === kind)?.items.find((item) => item.name === name);

async function eventsOf(backend: FixturedBackend): Promise<{ type: string; text: string }[]> {
  const { events } = await backend.listEvents();
  return events.map((event) => ({ type: event.type, text: JSON.stringify(event) }));
}

function hasEvent(events: { type: string; text: string }[], type: string, name: string): boolean {
  return events.some((event) => event.type === type && event.text.includes(`"${name}"`));
}

export function promoteScenarios(title: string, openPair: () => Promise<Pair>, skip?: string): void {
  describe.skipIf(Boolean(skip))(skip ? `${title}: ${skip}` : title, () => {
    let pair: Pair;
    let h: PairHarness;
    const n: Names = {
      field: unique('cmp-field'),
      newSegment: unique('cmp-new'),
      changedSegment: unique('cmp-changed'),
      sameSegment: unique('cmp-same'),
      rightOnlySegment: unique('cmp-theirs'),
      type: unique('cmp-type'),
      changedType: unique('cmp-type-changed'),
      fieldChanged: unique('cmp-field-changed'),
      origin: `https://${unique('cmp').toLowerCase()}.example.org`,
      flag: unique('cmp-flag'),
    };

    beforeAll(async () => {
      pair = await openPair();
      h = harness(pair);
      const { left, right } = pair;
      const users = (values: string[]) => [{ contextName: 'userId', operator: 'IN' as const, values }];
      await left.createContextField({ name: n.field, description: 'plan tier', legalValues: [{ value: 'free' }, { value: 'pro' }] });
      await left.createSegment({ name: n.newSegment, constraints: [{ contextName: n.field, operator: 'IN', values: ['pro'] }] });
      await left.createSegment({ name: n.changedSegment, description: 'left', constraints: users(['a', 'b', 'c']) });
      const changedOnRight = await right.createSegment({ name: n.changedSegment, description: 'right', constraints: users(['a']) });
      await left.createSegment({ name: n.sameSegment, constraints: users(['x', 'y']) });
      await right.createSegment({ name: n.sameSegment, constraints: users(['y', 'x']) });
      await right.createSegment({ name: n.rightOnlySegment, constraints: [] });
      const parameter = { name: 'tenants', type: 'list' as const, description: 'who', required: true };
      await left.fixtures.createStrategyType({ name: n.type, title: 'T', description: 'left type', parameters: [parameter] });
      await left.fixtures.createStrategyType({ name: n.changedType, title: '', description: 'new words', parameters: [parameter] });
      await right.fixtures.createStrategyType({ name: n.changedType, title: '', description: 'old words', parameters: [{ ...parameter, required: false }] });
      await left.createContextField({ name: n.fieldChanged, description: 'left', stickiness: true, legalValues: [{ value: 'eu' }] });
      await right.createContextField({ name: n.fieldChanged, description: 'right', legalValues: [{ value: 'us' }] });
      await left.setFrontendApiOrigins({ origins: [...((await left.getUiConfig()).frontendApiOrigins ?? []).filter((o) => o !== '*'), n.origin] });
      await right.setFrontendApiOrigins({ origins: ['https://right.example.org'] });
      // The changed segment is live on the right, in production.
      await right.fixtures.createFeature('default', { name: n.flag });
      await right.fixtures.addFeatureStrategy('default', n.flag, 'production', { name: 'default', constraints: [], segments: [changedOnRight.id] });
    });
    afterAll(async () => {
      await pair?.close();
    });

    it('compares every kind: the same, differs (with its diff and the right strategies using it), only left, only right', async () => {
      const result = await h.service.run({ left: LEFT, right: RIGHT });
      expect(itemOf(result, 'segments', n.sameSegment)?.status).toBe('same');
      expect(itemOf(result, 'segments', n.newSegment)?.status).toBe('only-left');
      expect(itemOf(result, 'segments', n.rightOnlySegment)?.status).toBe('only-right');
      const changed = itemOf(result, 'segments', n.changedSegment);
      expect(changed?.status).toBe('differs');
      expect(changed?.diff?.entries).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'description', before: '"right"', after: '"left"' }),
        ]),
      );
      expect(changed?.usage?.right).toEqual([
        expect.objectContaining({ projectId: 'default', featureName: n.flag, environment: 'production', production: true }),
      ]);
      expect(changed?.usage?.left).toEqual([]);
      expect(itemOf(result, 'strategyTypes', n.type)?.status).toBe('only-left');
      expect(itemOf(result, 'strategyTypes', n.changedType)?.diff?.entries).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'description' }), expect.objectContaining({ path: 'parameters › tenants › required' })]),
      );
      expect(itemOf(result, 'contextFields', n.fieldChanged)?.status).toBe('differs');
      expect(itemOf(result, 'corsOrigins', n.origin)?.status).toBe('only-left');
      expect(itemOf(result, 'corsOrigins', 'https://right.example.org')?.status).toBe('only-right');
      const segments = result.kinds.find((kind) => kind.kind === 'segments');
      expect(segments?.counts.onlyLeft).toBeGreaterThanOrEqual(1);
    });

    it('refuses to promote to a read-only right, and asks for the typed name under "type the name"', async () => {
      h.setRightProtection('read-only');
      const plan = await h.service.plan({ left: LEFT, right: RIGHT, items: [{ kind: 'segments', name: n.newSegment }], projectChoices: [] });
      expect(plan.blocked).toContain('read-only');
      await expect(h.service.apply({ planId: plan.planId, onFailure: 'stop', confirmation: { confirmed: true } })).rejects.toMatchObject({ status: 403, name: 'ReadOnlyProfileError' });
      h.setRightProtection('type-name');
      await expect(h.service.apply({ planId: plan.planId, onFailure: 'stop', confirmation: { confirmed: true, typedName: 'right' } })).rejects.toMatchObject({ status: 403 });
      expect((await pair.right.listSegments()).some((segment) => segment.name === n.newSegment)).toBe(false);
    });

    let run: PromoteResult;
    it('plans and applies every kind: creates, updates, adds the prerequisite, leaves the rest; compare again shows them the same', async () => {
      h.setRightProtection('type-name');
      const items: ItemRef[] = [
        { kind: 'segments', name: n.newSegment },
        { kind: 'segments', name: n.changedSegment },
        { kind: 'segments', name: n.sameSegment },
        { kind: 'segments', name: n.rightOnlySegment },
        { kind: 'strategyTypes', name: n.type },
        { kind: 'strategyTypes', name: n.changedType },
        { kind: 'contextFields', name: n.fieldChanged },
        { kind: 'corsOrigins', name: n.origin },
      ];
      const plan = await h.service.plan({ left: LEFT, right: RIGHT, items, projectChoices: [] });
      const line = (name: string) => plan.lines.find((entry) => entry.name === name);
      expect(plan.blocked).toBeNull();
      expect(plan.protection).toBe('type-name');
      expect(line(n.field)).toMatchObject({ kind: 'contextFields', action: 'create', prerequisiteFor: [n.newSegment] });
      expect(line(n.newSegment)?.action).toBe('create');
      expect(line(n.changedSegment)).toMatchObject({ action: 'update', rightUsage: [expect.objectContaining({ featureName: n.flag, production: true })] });
      expect(line(n.sameSegment)?.action).toBe('leave');
      expect(line(n.rightOnlySegment)).toMatchObject({ action: 'leave', reason: 'Only on the right: promotion never deletes.' });
      expect(plan.counts).toMatchObject({ create: 4, update: 3, leave: 2, skip: 0, prerequisites: 1 });
      expect(plan.summary).toBe('Create 4, update 3, leave 2; adds 1 prerequisite.');

      h.progress.length = 0;
      run = await h.service.apply({ planId: plan.planId, onFailure: 'stop', confirmation: { confirmed: true, typedName: 'Right' } });
      expect(run.counts).toEqual({ done: 7, failed: 0, notRun: 0 });
      expect(run.revertible).toBe(true);
      expect(h.progress.filter((event) => event.state === 'done')).toHaveLength(7);
      expect(h.progress[0]).toMatchObject({ state: 'running', index: 0, total: 7, kind: 'contextFields' });
      const order = run.steps.map((step) => step.name);
      expect(order.indexOf(n.field)).toBeLessThan(order.indexOf(n.newSegment));

      // The right server's own answers.
      const segments = await pair.right.listSegments();
      const changed = segments.find((segment) => segment.name === n.changedSegment);
      expect(changed?.description).toBe('left');
      expect(changed?.constraints[0]?.values?.slice().sort()).toEqual(['a', 'b', 'c']);
      expect(segments.find((segment) => segment.name === n.newSegment)?.constraints[0]?.contextName).toBe(n.field);
      const fields = await pair.right.listContextFields();
      expect(fields.find((field) => field.name === n.field)?.legalValues?.map((value) => value.value).sort()).toEqual(['free', 'pro']);
      expect(fields.find((field) => field.name === n.fieldChanged)).toMatchObject({ description: 'left', stickiness: true });
      const types = await pair.right.listStrategyTypes();
      expect(types.find((type) => type.name === n.type)?.description).toBe('left type');
      expect(types.find((type) => type.name === n.changedType)?.parameters[0]?.required).toBe(true);
      expect((await pair.right.getUiConfig()).frontendApiOrigins).toEqual(['https://right.example.org', n.origin]);

      // Its event log holds each write.
      const events = await eventsOf(pair.right);
      expect(hasEvent(events, 'context-field-created', n.field)).toBe(true);
      expect(hasEvent(events, 'context-field-updated', n.fieldChanged)).toBe(true);
      expect(hasEvent(events, 'segment-created', n.newSegment)).toBe(true);
      expect(hasEvent(events, 'segment-updated', n.changedSegment)).toBe(true);
      expect(hasEvent(events, 'strategy-created', n.type)).toBe(true);
      expect(hasEvent(events, 'strategy-updated', n.changedType)).toBe(true);
      expect(events.some((event) => event.type.startsWith('setting-') && event.text.includes(n.origin))).toBe(true);

      const again = await h.service.run({ left: LEFT, right: RIGHT });
      for (const [kind, name] of [
        ['segments', n.newSegment],
        ['segments', n.changedSegment],
        ['strategyTypes', n.type],
        ['strategyTypes', n.changedType],
        ['contextFields', n.field],
        ['contextFields', n.fieldChanged],
        ['corsOrigins', n.origin],
      ] as const) {
        expect(`${name}: ${itemOf(again, kind, name)?.status}`).toBe(`${name}: same`);
      }
    });

    it('reverts the promotion: deletes what it created, restores what it updated, each an audited write', async () => {
      const reverted = await h.service.revert({ runId: run.runId, onFailure: 'continue', confirmation: { confirmed: true, typedName: 'Right' } });
      expect(reverted.steps.filter((step) => step.outcome !== 'done')).toEqual([]);
      expect(reverted.steps.map((step) => `${step.action} ${step.name}`)).toEqual(
        expect.arrayContaining([`delete ${n.newSegment}`, `restore ${n.changedSegment}`, `delete ${n.field}`, `delete ${n.origin}`]),
      );
      const segments = await pair.right.listSegments();
      expect(segments.some((segment) => segment.name === n.newSegment)).toBe(false);
      expect(segments.find((segment) => segment.name === n.changedSegment)).toMatchObject({ description: 'right' });
      expect(segments.find((segment) => segment.name === n.changedSegment)?.constraints[0]?.values).toEqual(['a']);
      expect((await pair.right.listContextFields()).find((field) => field.name === n.fieldChanged)).toMatchObject({ description: 'right' });
      expect((await pair.right.listContextFields()).some((field) => field.name === n.field)).toBe(false);
      const types = await pair.right.listStrategyTypes();
      expect(types.some((type) => type.name === n.type)).toBe(false);
      expect(types.find((type) => type.name === n.changedType)).toMatchObject({ description: 'old words' });
      expect((await pair.right.getUiConfig()).frontendApiOrigins).toEqual(['https://right.example.org']);
      const events = await eventsOf(pair.right);
      expect(hasEvent(events, 'segment-deleted', n.newSegment)).toBe(true);
      expect(hasEvent(events, 'strategy-deleted', n.type)).toBe(true);
      await expect(h.service.revert({ runId: run.runId, onFailure: 'stop', confirmation: { confirmed: true, typedName: 'Right' } })).rejects.toMatchObject({ status: 409 });
    });

    it('a failure midway: stop leaves the rest not run, continue carries on; the result says which and why', async () => {
      h.setRightProtection('confirm');
      const a = unique('cmp-mid-a');
      const b = unique('cmp-mid-b');
      await pair.left.createSegment({ name: a, constraints: [] });
      await pair.left.createSegment({ name: b, constraints: [] });
      const items: ItemRef[] = [{ kind: 'segments', name: a }, { kind: 'segments', name: b }];
      const stopPlan = await h.service.plan({ left: LEFT, right: RIGHT, items, projectChoices: [] });
      const continuePlan = await h.service.plan({ left: LEFT, right: RIGHT, items, projectChoices: [] });
      // Someone creates the first one on the right meanwhile: creating it again fails there.
      await pair.right.createSegment({ name: a, constraints: [{ contextName: 'userId', operator: 'IN', values: ['meanwhile'] }] });
      await expect(h.service.apply({ planId: stopPlan.planId, onFailure: 'stop', confirmation: { confirmed: false } })).rejects.toMatchObject({ status: 403 });
      const stopped = await h.service.apply({ planId: stopPlan.planId, onFailure: 'stop', confirmation: { confirmed: true } });
      expect(stopped.steps.map((step) => [step.name, step.outcome])).toEqual([
        [a, 'failed'],
        [b, 'not-run'],
      ]);
      expect(stopped.stopped).toBe(true);
      expect(stopped.steps[0]?.error).toBeTruthy();
      expect(stopped.summary).toContain('1 failed');
      expect((await pair.right.listSegments()).some((segment) => segment.name === b)).toBe(false);
      const continued = await h.service.apply({ planId: continuePlan.planId, onFailure: 'continue', confirmation: { confirmed: true } });
      expect(continued.steps.map((step) => [step.name, step.outcome])).toEqual([
        [a, 'failed'],
        [b, 'done'],
      ]);
      expect((await pair.right.listSegments()).find((segment) => segment.name === a)?.constraints[0]?.values).toEqual(['meanwhile']);
      expect((await pair.right.listSegments()).some((segment) => segment.name === b)).toBe(true);
      const events = await eventsOf(pair.right);
      expect(events.filter((event) => event.type === 'segment-created' && event.text.includes(`"${b}"`))).toHaveLength(1);
      expect(events.filter((event) => event.type === 'segment-created' && event.text.includes(`"${a}"`))).toHaveLength(1);
    });

    it('from a bundle: a segment of a project the right lacks is skipped, or promoted as global when chosen', async () => {
      h.setRightProtection('none');
      const scoped = unique('cmp-scoped');
      const text = await exportBundleContent(pair.left, 'Left', { kinds: ['segments'] }, new Date());
      const reading = readBundle(text);
      if (!reading.ok) throw new Error(reading.reason);
      const bundle = reading.bundle;
      expect(text).not.toContain('"id"');
      const missing = unique('no-such-project');
      bundle.content.segments = [{ name: scoped, description: 'scoped', project: missing, constraints: [] }];
      h.bundles.set('bundle-scoped', bundle);
      const side = { type: 'bundle' as const, bundleId: 'bundle-scoped' };
      const compared = await h.service.run({ left: side, right: RIGHT });
      expect(itemOf(compared, 'segments', scoped)?.status).toBe('only-left');
      expect(compared.kinds.find((kind) => kind.kind === 'strategyTypes')?.unavailable).toContain('left side');
      const items: ItemRef[] = [{ kind: 'segments', name: scoped }];
      const skipped = await h.service.plan({ left: side, right: RIGHT, items, projectChoices: [] });
      expect(skipped.lines[0]).toMatchObject({ action: 'skip', problem: { code: 'project-missing', project: missing, choice: 'skip' } });
      const none = await h.service.apply({ planId: skipped.planId, onFailure: 'stop', confirmation: { confirmed: false } });
      expect(none.steps).toEqual([]);
      expect((await pair.right.listSegments()).some((segment) => segment.name === scoped)).toBe(false);
      const global = await h.service.plan({ left: side, right: RIGHT, items, projectChoices: [{ segment: scoped, choice: 'global' }] });
      expect(global.lines[0]).toMatchObject({ action: 'create', problem: { choice: 'global' } });
      const done = await h.service.apply({ planId: global.planId, onFailure: 'stop', confirmation: { confirmed: false } });
      expect(done.counts.done).toBe(1);
      const stored = (await pair.right.listSegments()).find((segment) => segment.name === scoped);
      expect(stored?.project ?? null).toBeNull();
      expect(stored?.description).toBe('scoped');
      expect(hasEvent(await eventsOf(pair.right), 'segment-created', scoped)).toBe(true);
    });
  });
}
