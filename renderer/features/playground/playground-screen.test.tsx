import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
    expect(screen.getByText('Not in the segment: constraint 2 fails (age (not set) is not a number).')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'age' }), { target: { value: '21' } });
    expect(screen.getByText('This context is in the segment.', { selector: 'span' })).toBeTruthy();
  });

  it('labels every field, and gives none to a constraint that has no context field yet', () => {
    render(<SegmentTester constraints={[{ contextName: '', operator: 'IN', values: [] }]} />);
    const inputs = within(screen.getByRole('region', { name: 'Segment tester' })).getAllByRole('textbox');
    expect(inputs.map((input) => input.getAttribute('aria-describedby') !== null && (input.closest('label')?.textContent ?? ''))).toEqual(['userId']);
  });

  it('announces only the verdict, once typing settles, and not again while it stays the same', async () => {
    render(<SegmentTester constraints={[{ contextName: 'age', operator: 'NUM_GTE', value: '18' }]} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('This context is not in the segment.');
    const age = screen.getByRole('textbox', { name: 'age' });
    const heard: string[] = [];
    const observer = new MutationObserver(() => heard.push(status.textContent ?? ''));
    observer.observe(status, { childList: true, characterData: true, subtree: true });
    // Each keystroke changes the visible reason; the live region holds the verdict only.
    for (const typed of ['1', '17', '170', '1700', '17000']) {
      fireEvent.change(age, { target: { value: typed } });
      expect(status.textContent).not.toContain('constraint');
    }
    await waitFor(() => expect(status.textContent).toBe('This context is in the segment.'));
    fireEvent.change(age, { target: { value: '170000' } });
    fireEvent.change(age, { target: { value: '1700000' } });
    await new Promise((resolve) => setTimeout(resolve, 800));
    observer.disconnect();
    expect(heard).toEqual(['This context is in the segment.']);
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
