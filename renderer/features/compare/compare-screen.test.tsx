import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/errors';
import { toastQueue } from '../../components/toast';
import type { FakeHandlers } from '../../test/fake-bridge';
import { demoProfile, renderApp, resetAfterEach, statusWith } from '../../test/render';
import { RESULT, staging } from './compare-fixtures';

resetAfterEach();
afterEach(() => toastQueue.clear());

const twoProfiles: FakeHandlers = { 'connections.status': () => statusWith([demoProfile, staging]) };
const region = (name: string) => screen.findByRole('region', { name }, { timeout: 10_000 });

describe('the compare screen', { timeout: 20_000 }, () => {
  it('with one profile says how to add another', async () => {
    const { bridge } = renderApp('/compare');
    expect(await screen.findByText('Compare needs two connections', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a connection' }).getAttribute('href')).toBe('/connections/new');
    expect(bridge.inputsOf('compare.run')).toEqual([]);
  });

  it('puts the active profile left and the other right, in the URL, and compares them', async () => {
    const { bridge, router } = renderApp('/compare', { ...twoProfiles, 'compare.run': () => RESULT });
    await waitFor(() => expect(router.state.location.search).toBe('?left=demo&right=remote-1'));
    await screen.findByText('2 items differ, 2 only on Demo, 1 only on Staging, 1 the same.', undefined, { timeout: 10_000 });
    expect(bridge.inputsOf('compare.run')).toEqual([{ left: { type: 'profile', profileId: 'demo' }, right: { type: 'profile', profileId: 'remote-1' } }]);
    expect((screen.getByRole('combobox', { name: 'Left (from)' }) as HTMLSelectElement).value).toBe('demo');
    expect((screen.getByRole('combobox', { name: 'Right (to)' }) as HTMLSelectElement).value).toBe('remote-1');
    // swapping is a new comparison, said in the URL
    fireEvent.click(screen.getByRole('button', { name: 'Swap left and right' }));
    await waitFor(() => expect(router.state.location.search).toBe('?left=remote-1&right=demo'));
    await waitFor(() => expect(bridge.inputsOf('compare.run')).toHaveLength(2));
    expect(bridge.inputsOf('compare.run')[1]).toEqual({ left: { type: 'profile', profileId: 'remote-1' }, right: { type: 'profile', profileId: 'demo' } });
  });

  it('lists each kind with its counts; the filter (in the URL) shows what is not the same until asked', async () => {
    const { router } = renderApp('/compare?left=demo&right=remote-1', { ...twoProfiles, 'compare.run': () => RESULT });
    const segments = await region('Segments');
    expect(within(segments).getByText('1 differs · 1 only left · 0 only right · 0 the same')).toBeTruthy();
    const rows = within(within(segments).getByRole('table', { name: 'Segments' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('beta-usersDifferslive on rightconstraints'),
      expect.stringContaining('eu-onlyOnly leftNot on Staging: promoting creates it'),
    ]);
    const fields = screen.getByRole('region', { name: 'Context fields' });
    expect(within(fields).queryByText('region')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Custom strategy types' })).getByText('Not on Demo: promotion leaves it')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Front-end origins (CORS)' }).textContent).toContain('Staging lets every origin call its front-end API');

    fireEvent.click(screen.getByRole('radio', { name: 'Same 1' }));
    await waitFor(() => expect(router.state.location.search).toContain('show=same'));
    expect(within(fields).getByText('region')).toBeTruthy();
    expect(within(fields).queryByText('plan')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Segments' })).getByText('No segment shown by this filter.')).toBeTruthy();

    // a name search across kinds, in the URL too
    fireEvent.click(screen.getByRole('radio', { name: 'All 6' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find by name' }), { target: { value: 'BETA' } });
    await waitFor(() => expect(router.state.location.search).toContain('q=BETA'));
    expect(within(screen.getByRole('table', { name: 'Segments' })).getAllByRole('row')).toHaveLength(2);
    expect(within(fields).getByText('No context field shown by this filter.')).toBeTruthy();
  });

  it('opens a segment that differs: its diff, where it is used on each side (production marked), and that promoting changes live behaviour', async () => {
    const { router } = renderApp('/compare?left=demo&right=remote-1', { ...twoProfiles, 'compare.run': () => RESULT });
    const segments = await region('Segments');
    const toggle = within(segments).getByRole('button', { name: 'beta-users' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(router.state.location.search).toContain('item=segments%3Abeta-users'));
    const detail = within(segments).getByRole('region', { name: 'segment beta-users' });
    const diff = within(detail).getByRole('table', { name: 'Differences in beta-users' });
    expect(diff.textContent).toContain('− plan IN (free)');
    expect(diff.textContent).toContain('+ plan IN (pro)');
    expect(within(detail).getByText('No strategy uses it on Demo (left).')).toBeTruthy();
    expect(within(detail).getByText('Used by 2 strategies on Staging (right), 1 in production.')).toBeTruthy();
    const uses = within(detail).getByRole('list', { name: 'Strategies using beta-users on the right' });
    expect(uses.textContent).toBe('default / checkout: production (flexibleRollout), development (default)');
    expect(within(detail).getByRole('note').textContent).toContain('Promoting it changes live behaviour on Staging');
    // the open item is in the URL: reopening the address shows it open
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('says which side cannot be reached, next to its picker, with a retry', async () => {
    let fail = true;
    renderApp('/compare?left=demo&right=remote-1', {
      ...twoProfiles,
      'compare.run': () => {
        if (fail) throw new ApiError(0, 'NetworkError', 'Staging cannot be reached: connection refused', [{ path: 'right', message: 'Staging (https://staging.example.com) cannot be reached: connection refused' }]);
        return RESULT;
      },
    });
    const alert = await screen.findByRole('alert', undefined, { timeout: 10_000 });
    expect(alert.textContent).toContain('Comparing Demo with Staging failed');
    // the side's own words are said once, under its picker
    expect(alert.textContent).not.toContain('staging.example.com');
    const rightPicker = screen.getByRole('combobox', { name: 'Right (to)' });
    expect(rightPicker.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(rightPicker.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Staging (https://staging.example.com) cannot be reached: connection refused',
    );
    expect(screen.getByRole('combobox', { name: 'Left (from)' }).getAttribute('aria-invalid')).toBeNull();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await region('Segments');
  });

  it('shows that it is reading while the compare runs', async () => {
    renderApp('/compare?left=demo&right=remote-1', { ...twoProfiles, 'compare.run': () => new Promise(() => undefined) });
    expect(await screen.findByText('Reading Demo and Staging…', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('asks for two different sides when both are the same', async () => {
    const { bridge } = renderApp('/compare?left=demo&right=demo', twoProfiles);
    expect(await screen.findByText('Both sides are the same', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(bridge.inputsOf('compare.run')).toEqual([]);
  });

  it('opens a bundle file as the left side (in the URL), compares it with a connection, and says why a damaged one is refused', async () => {
    let damaged = true;
    const { bridge, router } = renderApp('/compare?left=demo&right=remote-1', {
      ...twoProfiles,
      'compare.run': ({ left }) => (left.type === 'bundle' ? { ...RESULT, left: { type: 'bundle', label: 'prod.json', kind: 'bundle' } } : RESULT),
      'compare.openBundle': () => {
        if (damaged) throw new ApiError(400, 'BadDataError', 'This bundle is damaged: segments[0].name is missing.');
        return {
          bundleId: 'bundle-7',
          fileName: 'prod.json',
          sourceName: 'Production',
          serverVersion: '7.6.5',
          exportedAt: '2026-11-20T10:00:00.000Z',
          counts: { segments: 2, strategyTypes: null, contextFields: 2, corsOrigins: null },
        };
      },
    });
    await region('Segments');
    expect(screen.getByRole('button', { name: 'Export bundle…' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open a bundle file as the left side…' }));
    const refused = await screen.findByRole('alert');
    expect(refused.textContent).toContain('Opening the bundle failed');
    expect(refused.textContent).toContain('This bundle is damaged: segments[0].name is missing.');
    damaged = false;
    fireEvent.click(screen.getByRole('button', { name: 'Open a bundle file as the left side…' }));
    await waitFor(() => expect(router.state.location.search).toBe('?left=bundle%3Abundle-7&right=remote-1'));
    await waitFor(() => expect(bridge.inputsOf('compare.run').at(-1)).toEqual({ left: { type: 'bundle', bundleId: 'bundle-7' }, right: { type: 'profile', profileId: 'remote-1' } }));
    const leftPicker = screen.getByRole('combobox', { name: 'Left (from)' }) as HTMLSelectElement;
    expect(leftPicker.value).toBe('bundle:bundle-7');
    expect(document.getElementById(leftPicker.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Bundle file prod.json, exported from Production (Unleash 7.6.5) on 2026-11-20',
    );
    await screen.findByText('2 items differ, 2 only on prod.json, 1 only on Staging, 1 the same.');
    // a bundle is read, not exported again
    expect(screen.queryByRole('button', { name: 'Export bundle…' })).toBeNull();
    // swapped, the bundle is the right: compared, never promoted to
    fireEvent.click(screen.getByRole('button', { name: 'Swap left and right' }));
    expect(await screen.findByText('A bundle on the right is compared only')).toBeTruthy();
    await screen.findByRole('region', { name: 'Segments' });
    expect(screen.queryByRole('button', { name: /^Plan promotion/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('exports the selection from the left profile as a bundle, through main\'s save dialog', async () => {
    const { bridge } = renderApp('/compare?left=demo&right=remote-1', {
      ...twoProfiles,
      'compare.run': () => RESULT,
      'compare.exportBundle': () => ({ saved: true, fileName: 'demo-bundle.json' }),
    });
    const segments = await region('Segments');
    const exportButton = screen.getByRole('button', { name: 'Export bundle…' }) as HTMLButtonElement;
    expect(exportButton.disabled).toBe(true);
    fireEvent.click(within(segments).getByRole('checkbox', { name: 'Select all 2 segments' }));
    fireEvent.click(exportButton);
    await waitFor(() =>
      expect(bridge.inputsOf('compare.exportBundle')).toEqual([
        { profileId: 'demo', items: [{ kind: 'segments', name: 'beta-users' }, { kind: 'segments', name: 'eu-only' }] },
      ]),
    );
    expect(await screen.findByText('2 items from Demo in demo-bundle.json.')).toBeTruthy();
  });
});
