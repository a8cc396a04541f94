import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Feature } from '../../../shared/schemas';
import type { FakeHandlers } from '../../test/fake-bridge';
import { renderApp, resetAfterEach } from '../../test/render';

resetAfterEach();

const CHECKOUT: Feature = {
  name: 'checkout',
  project: 'default',
  environments: [
    { name: 'development', enabled: true, type: 'development', strategies: [{ id: 's-dev', name: 'default', segments: [1] }] },
    { name: 'production', enabled: true, type: 'production', strategies: [{ id: 's-prod', name: 'flexibleRollout', parameters: { rollout: '50' }, segments: [1, 2], constraints: [{ contextName: 'plan', operator: 'IN', values: ['pro'], inverted: true }] }] },
  ],
};

const handlers: FakeHandlers = {
  'instance.projects': () => [{ id: 'default', name: 'Default' }],
  'instance.features': () => [{ name: 'checkout', project: 'default', environments: [] }],
  'instance.feature': () => CHECKOUT,
  'segments.list': () => [
    { id: 1, name: 'beta', constraints: [], createdAt: '' },
    { id: 2, name: 'eu', constraints: [{ contextName: 'country', operator: 'IN', values: ['DE'] }], createdAt: '' },
    { id: 3, name: 'staff', constraints: [{ contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@acme.com'] }], createdAt: '' },
  ],
  'segments.setForStrategy': (input) => ({ id: input.strategyId, name: 'default', segments: input.segmentIds }),
};

describe('flags view', () => {
  it('shows each strategy with its constraints, parameters and segments, and replaces its segments', async () => {
    const { bridge } = renderApp('/flags/default/checkout', handlers);
    const prod = await screen.findByRole('listitem', { name: 'Strategy flexibleRollout in production' });
    expect(within(prod).getByText('plan')).toBeTruthy();
    expect(within(prod).getByText('is not one of')).toBeTruthy();
    expect(within(prod).getByText('rollout')).toBeTruthy();
    expect(await within(prod).findByRole('link', { name: 'eu' })).toBeTruthy();
    fireEvent.click(within(prod).getByRole('button', { name: 'Change segments of flexibleRollout in production' }));
    fireEvent.click(within(prod).getByLabelText(/^beta/));
    fireEvent.click(within(prod).getByLabelText(/staff/));
    fireEvent.click(within(prod).getByRole('button', { name: 'Save segments' }));
    await vi.waitFor(() =>
      expect(bridge.inputsOf('segments.setForStrategy')).toEqual([{ projectId: 'default', featureName: 'checkout', environmentId: 'production', strategyId: 's-prod', segmentIds: [2, 3] }]),
    );
  });

  it('clears all segments of a strategy', async () => {
    const { bridge } = renderApp('/flags/default/checkout', handlers);
    const dev = await screen.findByRole('listitem', { name: 'Strategy default in development' });
    fireEvent.click(await within(dev).findByRole('button', { name: 'Change segments of default in development' }));
    fireEvent.click(within(dev).getByRole('button', { name: 'Clear all' }));
    await vi.waitFor(() => expect(bridge.inputsOf('segments.setForStrategy')).toEqual([{ projectId: 'default', featureName: 'checkout', environmentId: 'development', strategyId: 's-dev', segmentIds: [] }]));
  });

  it('adds a segment to many strategies after a preview', async () => {
    const { bridge } = renderApp('/bulk-assign', handlers);
    await screen.findByRole('table', { name: 'Strategies' });
    fireEvent.change(screen.getByLabelText('Segment'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: /Select all shown/ }));
    expect(screen.getByTestId('bulk-preview').textContent).toBe('2 selected: 2 will change, 0 already have it.');
    fireEvent.click(screen.getByRole('button', { name: 'Apply to 2 strategies' }));
    await vi.waitFor(() => expect(bridge.inputsOf('segments.setForStrategy')).toHaveLength(2));
    expect(bridge.inputsOf('segments.setForStrategy').map((i) => i.segmentIds)).toEqual([[1, 3], [1, 2, 3]]);
    // each names its flag: the write servers record is the strategy's own update under the flag
    expect(bridge.inputsOf('segments.setForStrategy').map((i) => i.featureName)).toEqual(['checkout', 'checkout']);
  });

  it('names each strategy in bulk assign, so two of the same flag, environment and type differ', async () => {
    const twins: Feature = {
      name: 'checkout',
      project: 'default',
      environments: [
        {
          name: 'production',
          enabled: true,
          type: 'production',
          strategies: [
            { id: 's-a', name: 'flexibleRollout', constraints: [{ contextName: 'plan', operator: 'IN', values: ['pro'] }] },
            { id: 's-b', name: 'flexibleRollout', title: 'Staff first' },
            { id: 's-c', name: 'flexibleRollout' },
          ],
        },
      ],
    };
    renderApp('/bulk-assign', { ...handlers, 'instance.feature': () => twins });
    const table = await screen.findByRole('table', { name: 'Strategies' });
    const names = within(table).getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'));
    expect(names).toEqual([
      'checkout in production: flexibleRollout, plan is one of "pro"',
      'checkout in production: flexibleRollout, Staff first',
      'checkout in production: flexibleRollout, id s-c',
    ]);
    expect(within(table).getByText('Staff first')).toBeTruthy();
    // the project by its name, its id on hover
    const project = (await within(table).findAllByText('Default'))[0]!;
    expect(project.getAttribute('title')).toBe('Project id: default');
  });
});
