import { expect } from 'vitest';
import { must } from '../support/wire-fixtures';
import { unique } from '../support/run-id';
import { area, type WireScenario } from './scenario';
import { badData, notFound, transportRows } from './common';

/**
 * PUT /api/admin/context/{name} as real 6.10.1 answered it (docs/server-behaviour.md#context-fields), on a field of
 * this run (`name`, made in set-up with the legal values a and b).
 */
interface Fx {
  name: string;
}

const LEGAL = [{ value: 'a', description: 'the first' }, { value: 'b' }];
const path = (fx: Fx): string => `/api/admin/context/${fx.name}`;
const put = (fx: Fx, body: unknown) => ({ method: 'PUT' as const, path: path(fx), body });
const reset = (fx: Fx) => put(fx, { description: 'probe', legalValues: LEGAL });

const scenarios: WireScenario<Fx>[] = [
  {
    name: 'PUT a whole field: 200, no body',
    request: (fx) => put(fx, { description: 'edited', stickiness: true, legalValues: [{ value: 'c', description: 'C' }, { value: 'a' }] }),
    expect: {
      status: 200,
      empty: true,
      events: (fx) => [
        {
          type: 'context-field-updated',
          data: { name: fx.name, description: 'edited', stickiness: true, legalValues: [{ value: 'c', description: 'C' }, { value: 'a' }] },
          preData: { name: fx.name },
        },
      ],
    },
  },
  {
    name: 'a name in the body is not a rename, sortOrder is not stored',
    arrange: async (send, fx) => must(send, reset(fx), [200]),
    request: (fx) => put(fx, { name: `${fx.name}-renamed`, sortOrder: 7, description: 'same name' }),
    expect: { status: 200, empty: true, events: (fx) => [{ type: 'context-field-updated', data: { name: fx.name } }] },
  },
  {
    name: 'the list after an update without legal values: emptied, stickiness false, sortOrder unchanged',
    arrange: async (send, fx) => {
      await must(send, put(fx, { description: 'kept', stickiness: true, legalValues: LEGAL }), [200]);
      await must(send, put(fx, { sortOrder: 7 }), [200]);
    },
    request: { method: 'GET', path: '/api/admin/context' },
    expect: {
      status: 200,
      body: (json, fx) =>
        expect((json as { name: string }[]).find((field) => field.name === fx.name)).toMatchObject({ description: 'kept', stickiness: false, sortOrder: 0, legalValues: [] }),
    },
  },
  {
    name: 'PUT a repeated legal value',
    request: (fx) => put(fx, { legalValues: [{ value: 'a' }, { value: 'a' }] }),
    expect: badData('"legalValues[1]" contains a duplicate value. You provided {"value":"a"}.'),
  },
  {
    name: 'PUT an empty legal value',
    request: (fx) => put(fx, { legalValues: [{ value: '' }] }),
    expect: badData('"legalValues[0].value" is not allowed to be empty.'),
  },
  {
    name: 'PUT a legal value over 100 characters',
    request: (fx) => put(fx, { legalValues: [{ value: 'v'.repeat(101) }] }),
    expect: badData('"legalValues[0].value" length must be less than or equal to 100 characters long.'),
  },
  {
    name: 'PUT a description over 250 characters',
    request: (fx) => put(fx, { description: 'd'.repeat(251) }),
    expect: badData('"description" length must be less than or equal to 250 characters long.'),
  },
  {
    name: 'PUT a legal value with a property it does not have',
    request: (fx) => put(fx, { legalValues: [{ value: 'x', extra: 1 }] }),
    expect: badData('does not allow additional properties', '/body/legalValues/0/extra'),
  },
  {
    name: 'PUT stickiness that is not a boolean',
    request: (fx) => put(fx, { stickiness: 'yes' }),
    expect: badData('The `/body/stickiness` property must be boolean.', '/body/stickiness'),
  },
  {
    name: 'PUT an unknown field',
    request: () => ({ method: 'PUT', path: `/api/admin/context/${unique('no-ctx')}`, body: { description: 'x' } }),
    expect: notFound('Could not find Context field with name'),
    v8: notFound('Could not find context field with name'),
    v7: notFound('Could not find Context field with name'),
  },
  ...transportRows<Fx>('PUT context field', 'PUT', path, { description: 'x' }),
];

export const contextFieldsArea = area<Fx>({
  name: 'context-fields',
  setup: async (send) => {
    const name = unique('w-ctx');
    await must(send, { method: 'POST', path: '/api/admin/context', body: { name, description: 'probe', legalValues: LEGAL } }, [201]);
    return { name };
  },
  scenarios,
});
