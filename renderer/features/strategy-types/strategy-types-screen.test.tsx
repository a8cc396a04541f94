import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StrategyUsageRow } from '../../../shared/schemas';
import { renderApp, resetBridge } from '../../test/render';

// jsdom has no CSS.escape, which React Aria's modal uses
if (typeof globalThis.CSS === 'undefined') {
  Object.assign(globalThis, { CSS: { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) } });
}

afterEach(() => {
  cleanup();
  resetBridge();
});

const types = () => [
  { name: 'flexibleRollout', displayName: 'Gradual rollout', description: 'Roll out', editable: false, deprecated: false, parameters: [], title: null },
  {
    name: 'tenant',
    displayName: null,
    description: 'Tenants',
    editable: true,
    deprecated: true,
    parameters: [{ name: 'id', type: 'string', description: '', required: false }],
    title: null,
  },
];
const usage = (): StrategyUsageRow[] => [
  { strategyName: 'tenant', projectId: 'default', featureName: 'a', environment: 'production', strategyId: 's1', parameters: { id: 'acme' } },
  { strategyName: 'tenant', projectId: 'growth', featureName: 'b', environment: 'development', strategyId: 's2', parameters: {} },
];

describe('strategy types', () => {
  it('lists usage per type, marks built-ins read-only and deprecated ones', async () => {
    renderApp('/strategy-types', { 'strategyTypes.list': types, 'strategyTypes.usage': usage });
    const table = await screen.findByRole('table', { name: 'Strategy types' });
    const tenant = within(table).getByRole('link', { name: 'tenant' }).closest('tr')!;
    await within(tenant).findByText('2');
    expect(tenant.textContent).toContain('default, growth');
    expect(tenant.textContent).toContain('deprecated');
    expect(within(table).getByText('Gradual rollout').closest('tr')!.textContent).toContain('built-in, read-only');
  });

  it('a removed parameter with stored values needs confirmation, and the values are shown', async () => {
    const { bridge } = renderApp('/strategy-types/tenant', {
      'strategyTypes.list': types,
      'strategyTypes.usage': usage,
      'events.query': () => ({ events: [], total: 0 }),
      'strategyTypes.update': () => null,
    });
    const form = await screen.findByRole('form', { name: 'Edit strategy type' });
    await within(form).findByText(/Used by 2 flag strategies/);
    fireEvent.click(within(form).getByRole('button', { name: 'Remove parameter 1' }));
    fireEvent.click(await within(form).findByRole('button', { name: 'Review and save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'This change breaks 1 flag strategy' });
    expect(dialog.textContent).toContain('"id" is removed: the stored value "acme" is orphaned');
    expect(bridge.inputsOf('strategyTypes.update')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await screen.findByText('Saved');
    expect(bridge.inputsOf('strategyTypes.update')).toEqual([{ name: 'tenant', update: { description: 'Tenants', title: '', parameters: [] } }]);
  });
});
