import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Constraint, Feature } from '../../../shared/schemas';
import { renderApp, resetBridge } from '../../test/render';
import { SegmentTester } from './segment-tester';

const flag = (name: string, constraints: Constraint[]): Feature => ({
  name,
  project: 'default',
  environments: [{ name: 'development', enabled: true, strategies: [{ id: `s-${name}`, name: 'default', parameters: {}, constraints, segments: [] }] }],
});

function open() {
  return renderApp('/playground?project=default&environment=development', {
    'instance.projects': () => [{ id: 'default', name: 'Default' }],
    'instance.environments': () => [{ name: 'development', type: 'development', enabled: true }],
    'instance.contextFields': () => [{ name: 'tier', legalValues: [{ value: 'gold' }, { value: 'silver' }] }],
    'segments.list': () => [],
    'instance.features': () => [{ name: 'gold-only', project: 'default' }, { name: 'everyone', project: 'default' }],
    'instance.feature': ({ featureName }) =>
      featureName === 'gold-only' ? flag('gold-only', [{ contextName: 'tier', operator: 'IN', values: ['gold'] }]) : flag('everyone', []),
    'playground.evaluate': (input) => ({
      input,
      features: [
        { name: 'gold-only', projectId: 'default', isEnabled: true, isEnabledInCurrentEnvironment: true, strategies: { result: true, data: [] }, variant: null, variants: [] },
        { name: 'everyone', projectId: 'default', isEnabled: true, isEnabledInCurrentEnvironment: true, strategies: { result: true, data: [] }, variant: null, variants: [] },
      ],
    }),
  });
}

afterEach(() => {
  cleanup();
  resetBridge();
});

describe('playground screen', () => {
  it('evaluates the project locally, explains a verdict, and shows where the server disagrees', async () => {
    const { bridge } = open();
    const table = await screen.findByRole('table', { name: 'Flags evaluated' });
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(within(row('gold-only')).getByText('off')).toBeTruthy();
    expect(within(row('everyone')).getByText('on')).toBeTruthy();

    fireEvent.click(within(row('gold-only')).getByRole('button', { name: 'Explain' }));
    expect(await screen.findByText('— tier (not set) is not one of ["gold"]')).toBeTruthy();

    // Choosing the legal value from the instance's context field turns the flag on.
    fireEvent.change(screen.getByRole('combobox', { name: 'tier' }), { target: { value: 'gold' } });
    expect(within(row('gold-only')).getByText('on')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'tier' }), { target: { value: '' } });

    fireEvent.click(screen.getByRole('button', { name: 'Compare with the server' }));
    expect(await screen.findByText('The server disagrees on 1 flag(s), highlighted below.')).toBeTruthy();
    expect(bridge.inputsOf('playground.evaluate')[0]).toMatchObject({ environment: 'development', projects: ['default'], context: { appName: 'flagdesk' } });
  });
});

describe('segment tester', () => {
  it('shows which constraints pass and the first failure as the context is typed', () => {
    render(
      <SegmentTester
        constraints={[
          { contextName: 'userId', operator: 'STR_STARTS_WITH', values: ['u'] },
          { contextName: 'age', operator: 'NUM_GTE', value: '18' },
        ]}
      />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'userId' }), { target: { value: 'u1' } });
    expect(screen.getByRole('status').textContent).toBe('Not in the segment: constraint 2 fails (age (not set) is not a number).');
    fireEvent.change(screen.getByRole('textbox', { name: 'age' }), { target: { value: '21' } });
    expect(screen.getByRole('status').textContent).toBe('This context is in the segment.');
  });

  it('names each operator in plain words, the same as the constraint builder, never by its id', () => {
    render(
      <SegmentTester
        constraints={[
          { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@acme.com'], inverted: true },
          { contextName: 'plan', operator: 'IN', values: ['pro', 'team'] },
          { contextName: 'appVersion', operator: 'SEMVER_GT', value: '1.2.0' },
        ]}
      />,
    );
    const lines = screen.getAllByRole('listitem').map((item) => item.querySelector('code')?.textContent);
    expect(lines).toEqual(['email does not end with @acme.com', 'plan is one of pro, team', 'appVersion is a version above 1.2.0']);
  });
});
