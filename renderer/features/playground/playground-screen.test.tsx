import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Constraint, Feature } from '../../../shared/schemas';
import { renderApp, resetAfterEach } from '../../test/render';

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

resetAfterEach();

describe('playground screen', () => {
  it('evaluates the project locally, explains a verdict, and shows where the server disagrees', async () => {
    const { bridge } = open();
    const table = await screen.findByRole('table', { name: 'Flags evaluated in development' }, { timeout: 10_000 });
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
    expect(await screen.findByText('The server agrees on 1 flag, differs on 1 flag, 0 flags unknown (a custom strategy decides).')).toBeTruthy();
    expect(within(row('gold-only')).getByText('differs')).toBeTruthy();
    expect(bridge.inputsOf('playground.evaluate')[0]).toMatchObject({ environment: 'development', projects: ['default'], context: { appName: 'flagdesk' } });
  });
});

const custom = (name: string, project = 'default', environments = ['development']): Feature => ({
  name,
  project,
  environments: environments.map((env) => ({ name: env, enabled: true, strategies: [{ id: `s-${name}-${env}`, name: 'betaCohort', parameters: { cohorts: 'a' }, constraints: [], segments: [] }] })),
});

const serverFlag = (name: string, projectId: string, isEnabled: boolean, result: boolean | 'unknown') => ({
  name,
  projectId,
  isEnabled,
  isEnabledInCurrentEnvironment: true,
  strategies: { result, data: [] },
  variant: null,
  variants: [],
});

describe('playground: unknown verdicts', () => {
  it('shows a flag decided by a custom strategy as unknown, says why, and never counts it as agreement', async () => {
    renderApp('/playground?project=default&environment=development', {
      'instance.projects': () => [{ id: 'default', name: 'Default' }],
      'instance.environments': () => [{ name: 'development', type: 'development', enabled: true }],
      'instance.contextFields': () => [],
      'segments.list': () => [],
      'instance.features': () => [{ name: 'cohort-flag', project: 'default' }, { name: 'everyone', project: 'default' }],
      'instance.feature': ({ featureName }) => (featureName === 'cohort-flag' ? custom('cohort-flag') : flag('everyone', [])),
      'playground.evaluate': (input) => ({
        input,
        features: [serverFlag('cohort-flag', 'default', false, 'unknown'), serverFlag('everyone', 'default', true, true)],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Flags evaluated in development' }, { timeout: 10_000 });
    const row = within(table).getByText('cohort-flag').closest('tr') as HTMLElement;
    expect(within(row).getByText('unknown')).toBeTruthy();
    expect(within(row).queryByText('off')).toBeNull();
    expect(row.textContent).toContain("a custom strategy (betaCohort) decides: only the application's SDK knows its rule");

    fireEvent.click(screen.getByRole('button', { name: 'Compare with the server' }));
    expect(await screen.findByText('The server agrees on 1 flag, differs on 0 flags, 1 flag unknown (a custom strategy decides).')).toBeTruthy();
    expect(screen.queryByText(/agrees on every flag/)).toBeNull();
    expect(within(row).getAllByText('unknown')).toHaveLength(2);
  });
});

describe('playground: several projects and environments', () => {
  it('evaluates every chosen project in every chosen environment, grouped per environment, compared per environment, all in the URL', async () => {
    const { bridge, router } = renderApp('/playground?project=default&environment=development', {
      'instance.projects': () => [
        { id: 'default', name: 'Default' },
        { id: 'web', name: 'Web shop' },
      ],
      'instance.environments': () => [
        { name: 'development', type: 'development', enabled: true },
        { name: 'production', type: 'production', enabled: true },
      ],
      'instance.contextFields': () => [],
      'segments.list': () => [],
      'instance.features': ({ projectId }) => (projectId === 'web' ? [{ name: 'checkout', project: 'web' }] : [{ name: 'everyone', project: 'default' }]),
      'instance.feature': ({ projectId, featureName }) =>
        projectId === 'web'
          ? { ...flag(featureName, []), project: 'web', environments: [{ name: 'production', enabled: true, strategies: [{ id: 's-c', name: 'default', parameters: {}, constraints: [], segments: [] }] }] }
          : { ...flag(featureName, []), environments: ['development', 'production'].map((name) => ({ name, enabled: true, strategies: [{ id: `s-${name}`, name: 'default', parameters: {}, constraints: [], segments: [] }] })) },
      'playground.evaluate': (input) => ({
        input,
        features: [serverFlag('everyone', 'default', true, true), serverFlag('checkout', 'web', input.environment === 'production', input.environment === 'production')],
      }),
    });
    await screen.findByRole('table', { name: 'Flags evaluated in development' }, { timeout: 10_000 });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Web shop' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'production' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.getAll('project')).toEqual(['default', 'web']);
    expect(params.getAll('environment')).toEqual(['development', 'production']);

    const development = await screen.findByRole('table', { name: 'Flags evaluated in development' }, { timeout: 10_000 });
    const production = await screen.findByRole('table', { name: 'Flags evaluated in production' });
    const verdict = (table: HTMLElement, name: string) => (within(table).getByText(name).closest('tr') as HTMLElement).querySelectorAll('td')[2]?.textContent;
    expect(verdict(development, 'checkout')).toBe('off');
    expect(verdict(production, 'checkout')).toBe('on');
    expect(within(production).getByText('Web shop')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Compare with the server' }));
    const groups = await screen.findAllByText('The server agrees on 2 flags, differs on 0 flags, 0 flags unknown (a custom strategy decides).');
    expect(groups).toHaveLength(2);
    expect(bridge.inputsOf('playground.evaluate').map((i) => [i.environment, i.projects])).toEqual([
      ['development', ['default', 'web']],
      ['production', ['default', 'web']],
    ]);
  });
});
