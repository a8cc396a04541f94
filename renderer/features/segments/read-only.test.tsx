import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../shared/schemas';
import type { FakeHandlers } from '../../test/fake-bridge';
import { liveControls } from '../../test/live-controls';
import { demoProfile, renderApp, resetAfterEach, statusWith } from '../../test/render';
import { BETA } from '../../test/segments';

resetAfterEach();

const readOnly = statusWith([{ ...demoProfile, name: 'Prod', protection: 'read-only' }]);

const reads: FakeHandlers = {
  'connections.status': () => readOnly,
  'instance.projects': () => [{ id: 'default', name: 'Default' }],
  'instance.contextFields': () => [{ name: 'userId' }, { name: 'plan', legalValues: [{ value: 'pro' }] }],
  'instance.environments': () => [{ name: 'production', type: 'production' }],
  'segments.list': () => [{ ...BETA, usedInFeatures: 0, usedInProjects: 0 }],
  'segments.get': () => BETA,
  'segments.strategies': () => ({ strategies: [] }),
};

const main = () => screen.getByRole('main');

describe('segments on a read-only profile', { timeout: 20_000 }, () => {
  it('the list offers no New segment and says why, once, with where to change it', async () => {
    renderApp('/segments', reads);
    await screen.findByRole('table', { name: 'Segments' }, { timeout: 10_000 });
    const notice = screen.getByTestId('read-only-notice');
    expect(notice.textContent).toContain('“Prod” is read-only');
    expect(within(notice).getByRole('link', { name: 'Connections' }).getAttribute('href')).toBe('/connections');
    expect(screen.queryByRole('link', { name: 'New segment' })).toBeNull();
    const button = screen.getByRole('button', { name: 'New segment' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toContain('protection level in Connections');
    // only reading stays: refresh, search, filters, the rows' links
    expect(liveControls(main())).toEqual(['button:Refresh', 'input:Search', 'select:Scope', 'select:Sort by', 'input:Unused only']);
  });

  it('the editor renders read-only: every field and constraint control, Delete and Duplicate; the tester stays live', async () => {
    renderApp('/segments/3', reads);
    await screen.findByRole('heading', { level: 1, name: 'Edit “beta-users”' }, { timeout: 10_000 });
    await screen.findByText('No strategy uses this segment.');
    expect(screen.getAllByTestId('read-only-notice')).toHaveLength(1);
    const form = screen.getByRole('form', { name: 'Segment' });
    expect(liveControls(form)).toEqual([]);
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Duplicate' }) as HTMLButtonElement).disabled).toBe(true);
    // the tester (its code loads after the form's) only reads what the form holds: it stays usable
    await screen.findByRole('region', { name: 'Segment tester' }, { timeout: 10_000 });
    const live = liveControls(main());
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((name) => !/Save|Delete|Duplicate|Add constraint|Remove/.test(name))).toBe(true);
  });

  it('a new segment form is read-only from the first paint, before the profile is known', async () => {
    let answer: (status: ConnectionStatus) => void = () => undefined;
    renderApp('/segments/new', { ...reads, 'connections.status': () => new Promise<ConnectionStatus>((resolve) => (answer = resolve)) });
    const heading = await screen.findByRole('heading', { level: 1, name: 'New segment' }, { timeout: 10_000 });
    expect(heading).toBeTruthy();
    // the status has not answered: nothing is writable yet
    expect(liveControls(screen.getByRole('form', { name: 'Segment' }))).toEqual([]);
    answer(readOnly);
    await screen.findByTestId('read-only-notice');
    expect(liveControls(screen.getByRole('form', { name: 'Segment' }))).toEqual([]);
  });

  it('on a profile that may write, the same editor is live', async () => {
    renderApp('/segments/3', { ...reads, 'connections.status': () => statusWith() });
    await screen.findByRole('heading', { level: 1, name: 'Edit “beta-users”' }, { timeout: 10_000 });
    await screen.findByRole('link', { name: 'Duplicate' });
    expect(screen.queryByTestId('read-only-notice')).toBeNull();
    expect(liveControls(screen.getByRole('form', { name: 'Segment' }))).toContain('button:Save segment');
  });
});
