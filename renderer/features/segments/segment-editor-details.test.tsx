import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FakeHandlers } from '../../test/fake-bridge';
import { renderApp, resetAfterEach } from '../../test/render';
import { BETA, createAnswers, editorReads } from '../../test/segments';

resetAfterEach();

const reads: FakeHandlers = {
  ...editorReads,
  'instance.contextFields': () => [{ name: 'userId' }, { name: 'currentTime' }, { name: 'plan', legalValues: [{ value: 'pro' }, { value: 'free' }] }],
};

const openNew = async () => {
  const rendered = renderApp('/segments/new', { ...reads, ...createAnswers });
  // The first render loads the editor's route: slow on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'New segment' }, { timeout: 10_000 });
  return rendered;
};

describe('segment editor, constraint by constraint', () => {
  it('puts focus on the new constraint’s context field and says what an unfinished constraint lacks', async () => {
    await openNew();
    fireEvent.click(screen.getByRole('button', { name: 'Add constraint' }));
    const row = screen.getByRole('listitem', { name: 'Constraint 1' });
    expect(document.activeElement).toBe(within(row).getByRole('combobox', { name: 'Context field' }));
    expect(screen.getByText('Not finished: constraint 1 needs a context field and at least one value.')).toBeTruthy();
    expect(screen.queryByText(/Matches when is one of/)).toBeNull();
    // The tester (its code loads after the form's) offers no field without a name for the constraint that has none yet.
    const tester = await screen.findByRole('region', { name: 'Segment tester' }, { timeout: 10_000 });
    expect(within(tester).getAllByRole('textbox').map((input) => input.closest('label')?.textContent)).toEqual(['userId']);
  }, 20_000);

  it('refuses a date without a time zone, says why beside the field, and offers the readings it could mean', async () => {
    const { bridge } = await openNew();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'from-new-year' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add constraint' }));
    const row = screen.getByRole('listitem', { name: 'Constraint 1' });
    fireEvent.change(within(row).getByRole('combobox', { name: 'Context field' }), { target: { value: 'currentTime' } });
    fireEvent.change(within(row).getByLabelText('Operator'), { target: { value: 'DATE_AFTER' } });
    fireEvent.change(within(row).getByLabelText('Value'), { target: { value: '2025-01-01T00:00' } });
    expect(within(row).getByText(/“2025-01-01T00:00” has no time zone: each SDK would read it in its own machine's zone/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create segment' }));
    await screen.findAllByText(/has no time zone/);
    expect(bridge.inputsOf('segments.create')).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: 'Read as UTC: 2025-01-01T00:00:00Z' }));
    expect((within(row).getByLabelText('Value') as HTMLInputElement).value).toBe('2025-01-01T00:00:00Z');
    await vi.waitFor(() => expect(within(row).queryByText(/has no time zone/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Create segment' }));
    await vi.waitFor(() => expect(bridge.inputsOf('segments.create')).toHaveLength(1), { timeout: 10_000 });
    expect(bridge.inputsOf('segments.create')[0]?.constraints).toEqual([
      { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2025-01-01T00:00:00Z', inverted: false, caseInsensitive: false },
    ]);
  }, 20_000);

  it('shows, before saving a segment in use, what the edit changes constraint by constraint', async () => {
    const { bridge } = renderApp('/segments/3', {
      ...reads,
      'segments.get': () => BETA,
      'segments.strategies': () => ({ strategies: [{ id: 's1', projectId: 'default', featureName: 'checkout', strategyName: 'flexibleRollout', environment: 'production' }] }),
      'segments.update': () => null,
    });
    await screen.findByRole('link', { name: 'checkout' }, { timeout: 10_000 });
    const first = screen.getByRole('listitem', { name: 'Constraint 1' });
    fireEvent.click(within(first).getByRole('button', { name: 'Remove 1' }));
    const values = within(first).getByRole('textbox', { name: /^Values/ });
    fireEvent.change(values, { target: { value: '3' } });
    fireEvent.keyDown(values, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Add constraint' }));
    const second = screen.getByRole('listitem', { name: 'Constraint 2' });
    // The new row's context field has focus and its choices open: pick one, as a keyboard user would.
    fireEvent.change(within(second).getByRole('combobox', { name: 'Context field' }), { target: { value: 'plan' } });
    fireEvent.click(await screen.findByRole('option', { name: 'plan' }));
    const planValues = within(second).getByRole('textbox', { name: /^Values/ });
    fireEvent.change(planValues, { target: { value: 'pro' } });
    fireEvent.keyDown(planValues, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Save segment' }));

    const dialog = await screen.findByRole('alertdialog', { name: /^Save “beta-users”\? It changes 1 strategies/ });
    const review = within(dialog).getByRole('region', { name: 'What this save changes' });
    const lines = within(review).getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual([
      'Changed constraint 1: userId is one of "1", "2" → userId is one of "2", "3" + 1 value: 3 − 1 value: 1',
      'Added constraint 2: plan is one of "pro"',
    ]);
    expect(within(dialog).getByRole('link', { name: 'checkout' })).toBeTruthy();
    expect(bridge.inputsOf('segments.update')).toEqual([]);
  }, 20_000);
});
