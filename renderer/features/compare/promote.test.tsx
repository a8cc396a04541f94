import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/errors';
import type { FakeHandlers } from '../../test/fake-bridge';
import { isDisabled } from '../../test/live-controls';
import { demoProfile, renderApp, resetAfterEach, statusWith } from '../../test/render';
import { PROMOTED, RESULT, REVERTED, planWith, staging } from './compare-fixtures';

resetAfterEach();

function handlers(overrides: FakeHandlers = {}): FakeHandlers {
  return {
    'connections.status': () => statusWith([demoProfile, staging]),
    'compare.run': () => RESULT,
    'compare.plan': (input) => planWith(input.projectChoices?.find((entry) => entry.segment === 'eu-only')?.choice ?? 'skip'),
    'compare.apply': () => PROMOTED,
    'compare.revert': () => REVERTED,
    ...overrides,
  };
}

const sides = { left: { type: 'profile', profileId: 'demo' }, right: { type: 'profile', profileId: 'remote-1' } } as const;

async function planSegments() {
  const segments = await screen.findByRole('region', { name: 'Segments' }, { timeout: 10_000 });
  fireEvent.click(within(segments).getByRole('checkbox', { name: 'Select all 2 segments' }));
  fireEvent.click(within(screen.getByRole('region', { name: 'Context fields' })).getByRole('checkbox', { name: 'Select plan' }));
  expect(screen.getByText('3 items selected')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Plan promotion to Staging' }));
  return screen.findByRole('list', { name: 'Items in the plan' });
}

describe('promoting left to right', { timeout: 20_000 }, () => {
  it('plans the selection: the plan in words and as a list, every kind of line, and a choice for a missing project', async () => {
    const { bridge, router } = renderApp('/compare?left=demo&right=remote-1', { ...handlers(), 'segments.list': () => [] });
    const plan = await planSegments();
    expect(bridge.inputsOf('compare.plan')).toEqual([
      {
        ...sides,
        items: [
          { kind: 'segments', name: 'beta-users' },
          { kind: 'segments', name: 'eu-only' },
          { kind: 'contextFields', name: 'plan' },
        ],
        projectChoices: [],
      },
    ]);
    expect(screen.getByText('Create 1, update 1 (with its diff), leave 1, skip 1; adds 1 prerequisite; cannot promote 1.')).toBeTruthy();
    // keyboard first: the plan takes the focus (its heading), so reading starts there
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Plan: promote from Demo to Staging' }));
    expect(within(screen.getByRole('list', { name: 'Plan counts' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Create 1',
      'Update 1',
      'Leave 1',
      'Skip 2',
      '1 prerequisite added',
    ]);
    const prerequisite = within(plan).getByRole('listitem', { name: 'Create context field plan' });
    expect(prerequisite.textContent).toContain('Added because beta-users needs it.');
    const update = within(plan).getByRole('listitem', { name: 'Update segment beta-users' });
    expect(within(update).getByRole('table', { name: 'Changes to beta-users' }).textContent).toContain('+ plan IN (pro)');
    expect(within(update).getByRole('note').textContent).toContain('Promoting it changes live behaviour on Staging: 2 strategies there (1 in production) start evaluating the new version at once.');
    expect(within(plan).getByRole('listitem', { name: 'Leave context field region' })).toBeTruthy();
    expect(within(plan).getByRole('listitem', { name: 'Skip origin Front-end API origins' }).textContent).toContain('Cannot be promoted: the bundle does not carry origins');

    // the missing project: skipped until the admin says "as global", then planned again with that choice
    const skipped = within(plan).getByRole('listitem', { name: 'Skip segment eu-only' });
    const choice = within(skipped).getByRole('group', { name: 'Staging has no project europe.' });
    expect((within(choice).getByRole('radio', { name: 'Skip it' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(choice).getByRole('radio', { name: 'Promote it as a global segment' }));
    await waitFor(() => expect(bridge.inputsOf('compare.plan')).toHaveLength(2));
    expect(bridge.inputsOf('compare.plan')[1]!.projectChoices).toEqual([{ segment: 'eu-only', choice: 'global' }]);
    expect(await within(screen.getByRole('list', { name: 'Items in the plan' })).findByRole('listitem', { name: 'Create segment eu-only' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply to Staging (3 writes)' })).toBeTruthy();

    // back keeps the selection
    fireEvent.click(screen.getByRole('button', { name: 'Back to the comparison' }));
    expect(await screen.findByText('3 items selected')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Plan promotion to Staging' }));

    // and so does a visit to another screen
    await act(() => router.navigate('/segments'));
    await act(() => router.navigate('/compare?left=demo&right=remote-1'));
    expect(await screen.findByText('3 items selected', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('applies under "type the name", shows the progress main pushes, then what was done and what failed and why; reverts under the same level', async () => {
    let finish: (() => void) | undefined;
    const { bridge } = renderApp(
      '/compare?left=demo&right=remote-1',
      handlers({ 'compare.apply': () => new Promise((resolve) => (finish = () => resolve(PROMOTED))) }),
    );
    await planSegments();
    fireEvent.click(screen.getByRole('radio', { name: 'Carry on with the rest' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply to Staging (2 writes)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Promote to Staging?' });
    const promote = within(dialog).getByRole('button', { name: 'Promote (2 writes)' }) as HTMLButtonElement;
    expect(promote.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Type Staging to confirm'), { target: { value: 'staging' } });
    expect(promote.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Type Staging to confirm'), { target: { value: 'Staging' } });
    fireEvent.click(promote);
    await waitFor(() => expect(bridge.inputsOf('compare.apply')).toEqual([{ planId: 'plan-1', onFailure: 'continue', confirmation: { confirmed: true, typedName: 'Staging' } }]));

    act(() => {
      bridge.emit('compare.progress', { runId: 'run-1', mode: 'promote', index: 0, total: 3, kind: 'contextFields', name: 'plan', action: 'create', state: 'done' });
      bridge.emit('compare.progress', { runId: 'run-1', mode: 'promote', index: 1, total: 3, kind: 'segments', name: 'beta-users', action: 'update', state: 'running' });
    });
    expect(screen.getByRole('progressbar', { name: 'Promoting to Staging: 1 of 3 steps' })).toBeTruthy();
    // the sides stay as they are while it runs
    expect(isDisabled(screen.getByRole('combobox', { name: 'Right (to)' }))).toBe(true);
    expect(screen.getByText('1 of 3 steps · Update segment beta-users…')).toBeTruthy();
    await act(async () => finish!());

    const result = await screen.findByRole('region', { name: 'Promotion done with failures' });
    expect(within(result).getByText('Created 1, updated 1; 1 failed: eu-only (Segment name already exists).')).toBeTruthy();
    const steps = within(within(result).getByRole('table', { name: 'Promotion steps on Staging' })).getAllByRole('row').slice(1);
    expect(steps.map((row) => row.textContent)).toEqual([
      'Createcontext field planDone',
      'Updatesegment beta-usersDone',
      'Createsegment eu-onlyFailedSegment name already exists (409)',
    ]);

    fireEvent.click(within(result).getByRole('button', { name: 'Revert this promotion' }));
    const revert = await screen.findByRole('alertdialog', { name: 'Revert the promotion on Staging?' });
    fireEvent.change(within(revert).getByLabelText('Type Staging to confirm'), { target: { value: 'Staging' } });
    fireEvent.click(within(revert).getByRole('button', { name: 'Revert promotion' }));
    await waitFor(() => expect(bridge.inputsOf('compare.revert')).toEqual([{ runId: 'run-1', onFailure: 'continue', confirmation: { confirmed: true, typedName: 'Staging' } }]));
    const reverted = await screen.findByRole('region', { name: 'Revert done' });
    expect(within(reverted).getByText('Restored 1, deleted 1.')).toBeTruthy();
    expect(within(reverted).queryByRole('button', { name: 'Revert this promotion' })).toBeNull();

    // compare again reads both sides afresh and shows the comparison
    const runs = bridge.inputsOf('compare.run').length;
    fireEvent.click(within(reverted).getByRole('button', { name: 'Compare again' }));
    await waitFor(() => expect(bridge.inputsOf('compare.run')).toHaveLength(runs + 1));
    expect(await screen.findByRole('region', { name: 'Segments' })).toBeTruthy();
    expect(screen.getByText('Nothing selected')).toBeTruthy();
  });

  it('applies at once on an unprotected right, and keeps the plan with the reason when main refuses', async () => {
    const open = { ...staging, protection: 'none' as const };
    let refuse = true;
    const { bridge } = renderApp(
      '/compare?left=demo&right=remote-1',
      handlers({
        'connections.status': () => statusWith([demoProfile, open]),
        'compare.plan': () => planWith('skip', 'none'),
        'compare.apply': () => {
          if (refuse) throw new ApiError(409, 'PlanExpiredError', 'The right side changed since the plan: plan again.');
          return PROMOTED;
        },
      }),
    );
    await planSegments();
    fireEvent.click(screen.getByRole('button', { name: 'Apply to Staging (2 writes)' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(bridge.inputsOf('compare.apply')).toEqual([{ planId: 'plan-1', onFailure: 'stop', confirmation: { confirmed: true } }]));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Promoting to Staging failed');
    expect(alert.textContent).toContain('The right side changed since the plan: plan again.');
    expect(screen.getByRole('list', { name: 'Items in the plan' })).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Apply to Staging (2 writes)' }));
    const result = await screen.findByRole('region', { name: 'Promotion done with failures' });

    // compared again, the promotion stays revertible (no dialog on an unprotected right)
    fireEvent.click(within(result).getByRole('button', { name: 'Compare again' }));
    const last = await screen.findByRole('region', { name: 'Last promotion' });
    expect(last.textContent).toContain('Last promotion to Staging: Created 1, updated 1; 1 failed');
    fireEvent.click(within(last).getByRole('button', { name: 'Revert this promotion' }));
    await waitFor(() => expect(bridge.inputsOf('compare.revert')).toEqual([{ runId: 'run-1', onFailure: 'continue', confirmation: { confirmed: true } }]));
    expect(await screen.findByRole('region', { name: 'Revert done' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Compare again' }));
    await screen.findByRole('region', { name: 'Segments' });
    expect(screen.queryByRole('region', { name: 'Last promotion' })).toBeNull();
  });

  it('on a read-only right: says so, plans, but refuses to apply', async () => {
    const locked = { ...staging, protection: 'read-only' as const };
    const { bridge } = renderApp(
      '/compare?left=demo&right=remote-1',
      handlers({
        'connections.status': () => statusWith([demoProfile, locked]),
        'compare.plan': () => planWith('skip', 'read-only', '“Staging” is read-only: nothing can be promoted to it.'),
      }),
    );
    expect((await screen.findByTestId('read-only-notice', undefined, { timeout: 10_000 })).textContent).toContain('“Staging” is read-only');
    await planSegments();
    expect(screen.getByText('This plan cannot be applied')).toBeTruthy();
    const apply = screen.getByRole('button', { name: 'Apply to Staging (2 writes)' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    expect(isDisabled(screen.getByRole('radio', { name: 'Carry on with the rest' }))).toBe(true);
    fireEvent.click(apply);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bridge.inputsOf('compare.apply')).toEqual([]);
  });

  it('selects everything that differs at once (not what is the same or only on the right); a whole kind takes all of it', async () => {
    const { bridge } = renderApp('/compare?left=demo&right=remote-1', handlers());
    fireEvent.click(await screen.findByRole('button', { name: 'Select all that differ (4)' }, { timeout: 10_000 }));
    expect(screen.getByText('4 items selected')).toBeTruthy();
    const types = screen.getByRole('region', { name: 'Custom strategy types' });
    expect((within(types).getByRole('checkbox', { name: 'Select tenant' }) as HTMLInputElement).checked).toBe(false);
    const fields = screen.getByRole('region', { name: 'Context fields' });
    const wholeKind = within(fields).getByRole('checkbox', { name: 'Select all 2 context fields' }) as HTMLInputElement;
    expect(wholeKind.indeterminate).toBe(true);
    fireEvent.click(wholeKind);
    expect(screen.getByText('5 items selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Plan promotion to Staging' }));
    await waitFor(() => expect(bridge.inputsOf('compare.plan')).toHaveLength(1));
    expect(bridge.inputsOf('compare.plan')[0]!.items.map((item) => `${item.kind}/${item.name}`)).toEqual([
      'segments/beta-users',
      'segments/eu-only',
      'contextFields/plan',
      'contextFields/region',
      'corsOrigins/Front-end API origins',
    ]);
  });

  it('asks for one confirmation on a "confirm" right, and sends it', async () => {
    const careful = { ...staging, protection: 'confirm' as const };
    const { bridge } = renderApp(
      '/compare?left=demo&right=remote-1',
      handlers({ 'connections.status': () => statusWith([demoProfile, careful]), 'compare.plan': () => planWith('skip', 'confirm') }),
    );
    await planSegments();
    expect(screen.getByText('Staging asks for one confirmation of the whole plan.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Apply to Staging (2 writes)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Promote to Staging?' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bridge.inputsOf('compare.apply')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Apply to Staging (2 writes)' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Promote (2 writes)' }));
    await waitFor(() => expect(bridge.inputsOf('compare.apply')).toEqual([{ planId: 'plan-1', onFailure: 'stop', confirmation: { confirmed: true } }]));
  });

  it('keeps the selection when planning fails, and says why next to the button', async () => {
    let fail = true;
    renderApp(
      '/compare?left=demo&right=remote-1',
      handlers({
        'compare.plan': () => {
          if (fail) throw new ApiError(0, 'NetworkError', '"Staging" cannot be reached: connection refused');
          return planWith('skip');
        },
      }),
    );
    const segments = await screen.findByRole('region', { name: 'Segments' }, { timeout: 10_000 });
    fireEvent.click(within(segments).getByRole('checkbox', { name: 'Select beta-users' }));
    fireEvent.click(screen.getByRole('button', { name: 'Plan promotion to Staging' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Planning the promotion failed');
    expect(alert.textContent).toContain('"Staging" cannot be reached: connection refused');
    expect(screen.getByText('1 item selected')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Plan promotion to Staging' }));
    expect(await screen.findByRole('list', { name: 'Items in the plan' })).toBeTruthy();
  });
});
