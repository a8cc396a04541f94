import { expect } from 'vitest';
import { contextFieldUsage } from '../../../electron/backend/context-field-usage';
import type { ContextField, ContextFieldUsage } from '../../../shared/schemas';
import { unique } from '../support/run-id';
import { newFeature } from './fixtures';
import { backendArea, type BackendScenario } from './scenario';

/**
 * Context fields as the Context fields screen writes them, as real 6.10.1 answered (docs/server-behaviour.md#context-fields):
 * `name` has legal values a (described) and b; `used` is named by a strategy's constraint of `flag` and by `segment`;
 * `doomed` is named by that strategy too and `segmentOnly` only by a segment; the create scenario makes `fresh`.
 */
interface Fx {
  name: string;
  fresh: string;
  used: string;
  doomed: string;
  segmentOnly: string;
  flag: string;
  segment: string;
}

const LEGAL = [{ value: 'a', description: 'the first' }, { value: 'b' }];
const EDITED = [{ value: 'c', description: 'new' }, { value: 'a' }];
const find = (value: unknown, name: string): ContextField | undefined => (value as ContextField[]).find((field) => field.name === name);

const scenarios: BackendScenario<Fx>[] = [
  {
    name: 'create a context field with described legal values',
    run: (b, fx) => b.createContextField({ name: fx.fresh, description: 'plan', stickiness: true, legalValues: LEGAL }),
    expect: {
      result: (value, fx) => expect(value).toMatchObject({ name: fx.fresh, description: 'plan', stickiness: true, legalValues: LEGAL }),
      events: (fx) => [{ type: 'context-field-created', data: { name: fx.fresh, stickiness: true, legalValues: LEGAL } }],
    },
  },
  {
    name: 'update description, stickiness and legal values',
    run: (b, fx) => b.updateContextField({ name: fx.name, update: { description: 'edited', stickiness: true, legalValues: EDITED } }),
    expect: {
      result: (value) => expect(value).toBeUndefined(),
      events: (fx) => [
        {
          type: 'context-field-updated',
          data: { name: fx.name, description: 'edited', stickiness: true, legalValues: EDITED },
          preData: { name: fx.name, stickiness: false, description: 'probe', legalValues: LEGAL },
        },
      ],
    },
  },
  {
    name: 'the list shows the update, legal values in the order sent',
    arrange: (b, fx) => b.updateContextField({ name: fx.name, update: { description: 'edited', stickiness: true, legalValues: EDITED } }),
    run: (b) => b.listContextFields(),
    expect: { result: (value, fx) => expect(find(value, fx.name)).toMatchObject({ description: 'edited', stickiness: true, legalValues: EDITED }) },
  },
  {
    name: 'an update that leaves things out: description kept, legal values emptied, stickiness false',
    arrange: (b, fx) => b.updateContextField({ name: fx.name, update: { description: 'kept', stickiness: true, legalValues: EDITED } }),
    run: async (b, fx) => {
      await b.updateContextField({ name: fx.name, update: {} });
      return find(await b.listContextFields(), fx.name);
    },
    expect: { result: (value) => expect(value).toMatchObject({ description: 'kept', stickiness: false, legalValues: [] }) },
  },
  {
    name: 'update with a repeated legal value',
    run: (b, fx) => b.updateContextField({ name: fx.name, update: { legalValues: [{ value: 'x' }, { value: 'x' }] } }),
    expect: { error: { status: 400, name: 'BadDataError', message: 'Request validation failed' } },
  },
  {
    name: 'update with a description over 250 characters',
    run: (b, fx) => b.updateContextField({ name: fx.name, update: { description: 'd'.repeat(251) } }),
    expect: { error: { status: 400, name: 'BadDataError', message: 'Request validation failed' } },
  },
  {
    name: 'update an unknown context field',
    run: (b) => b.updateContextField({ name: unique('no-ctx'), update: { description: 'x' } }),
    expect: { error: { status: 404, name: 'NotFoundError', message: 'Could not find Context field with name' } },
    // as for a delete: 8.x lower-cases "context field", 7.6.5 still writes it as 6.x does
    v8: { error: { status: 404, name: 'NotFoundError', message: 'Could not find context field with name' } },
    v7: { error: { status: 404, name: 'NotFoundError', message: 'Could not find Context field with name' } },
  },
  {
    name: 'where fields are used: the strategy constraint and the segment',
    run: (b) => contextFieldUsage(b),
    expect: {
      result: (value, fx) => {
        const usage = (value as ContextFieldUsage[]).find((entry) => entry.contextName === fx.used);
        expect(usage?.strategies).toEqual([expect.objectContaining({ projectId: 'default', featureName: fx.flag, environment: 'development', strategyName: 'default' })]);
        expect(usage?.segments).toEqual([expect.objectContaining({ name: fx.segment })]);
        expect((value as ContextFieldUsage[]).some((entry) => entry.contextName === fx.name)).toBe(false);
      },
    },
  },
  {
    name: 'delete a field a flag strategy names: 6.x does not look, 8.x refuses',
    run: (b, fx) => b.deleteContextField({ name: fx.doomed }),
    expect: { succeeds: true, events: (fx) => [{ type: 'context-field-deleted', preData: { name: fx.doomed } }] },
    v8: { error: { status: 409, name: 'ConflictError', message: 'This context field is in use by existing flags. To delete it, first remove its usage from all flags.' } },
  },
  {
    name: 'delete a field only a segment names: no version looks at segments',
    run: (b, fx) => b.deleteContextField({ name: fx.segmentOnly }),
    expect: { succeeds: true, events: (fx) => [{ type: 'context-field-deleted', preData: { name: fx.segmentOnly } }] },
  },
];

export const contextFieldsBackend = backendArea<Fx>({
  name: 'context-fields',
  setup: async (b) => {
    const name = unique('ctx-edit');
    await b.createContextField({ name, description: 'probe', legalValues: LEGAL });
    const used = unique('ctx-used');
    const doomed = unique('ctx-doomed');
    await b.createContextField({ name: used });
    await b.createContextField({ name: doomed });
    const flag = await newFeature(b, 'ctx-flag');
    const constraint = (contextName: string) => ({ contextName, operator: 'IN' as const, values: ['x'] });
    await b.fixtures.addFeatureStrategy('default', flag, 'development', { name: 'default', constraints: [constraint(used), constraint(doomed)] });
    const segment = unique('ctx-seg');
    await b.createSegment({ name: segment, constraints: [constraint(used)] });
    const segmentOnly = unique('ctx-seg-only');
    await b.createContextField({ name: segmentOnly });
    await b.createSegment({ name: unique('ctx-seg-only'), constraints: [constraint(segmentOnly)] });
    return { name, fresh: unique('ctx-new'), used, doomed, segmentOnly, flag, segment };
  },
  scenarios,
});
