import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/errors';
import type { Segment } from '../../../shared/schemas';
import { demoProfile, renderApp, resetAfterEach, statusWith } from '../../test/render';
import { BETA, createAnswers, editorReads as reads } from '../../test/segments';

resetAfterEach();

const type = (label: string, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(label === 'Context field' ? within(scope).getByRole('combobox', { name: label }) : within(scope).getByLabelText(label), {
    target: { value },
  });

describe('segment editor', () => {
  it('creates a segment with a list and a number constraint, sending only the slot each operator uses', async () => {
    const { bridge, router } = renderApp('/segments/new', { ...reads, ...createAnswers });
    // The first render loads the editor's route (with the playground's evaluator for its tester): slow on a busy machine.
    await screen.findByRole('heading', { level: 1, name: 'New segment' }, { timeout: 10_000 });
    type('Name', 'paying-adults');
    fireEvent.click(screen.getByRole('button', { name: 'Add constraint' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add constraint' }));
    const [first, second] = screen.getAllByRole('listitem', { name: /^Constraint \d$/ }) as [HTMLElement, HTMLElement];
    type('Context field', 'plan', first);
    const values = within(first).getByLabelText(/^Values/);
    fireEvent.paste(values, { clipboardData: { getData: () => 'pro\nteam, pro\t enterprise ' } });
    expect(within(first).getByRole('status').textContent).toBe('3 added, 1 already there');
    type('Context field', 'age', second);
    fireEvent.change(within(second).getByLabelText('Operator'), { target: { value: 'NUM_GTE' } });
    type('Value', 'eighteen', second);
    expect(within(second).getByText(/is not a number/)).toBeTruthy();
    type('Value', '18', second);
    expect(screen.getByTestId('values-count').textContent).toBe('4 of 1,000 values used');
    fireEvent.click(screen.getByRole('button', { name: 'Create segment' }));
    // the form's rules (zod) load after its first paint: their first import in a test worker can take seconds
    await vi.waitFor(() => expect(bridge.inputsOf('segments.create')).toHaveLength(1), { timeout: 10_000 });
    expect(bridge.inputsOf('segments.create')[0]).toEqual({
      name: 'paying-adults',
      description: null,
      project: null,
      constraints: [
        { contextName: 'plan', operator: 'IN', values: ['pro', 'team', 'enterprise'], inverted: false, caseInsensitive: false },
        { contextName: 'age', operator: 'NUM_GTE', value: '18', inverted: false, caseInsensitive: false },
      ],
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/segments/9'));
  }, 20_000);

  it('shows validation messages on the fields and sends nothing', async () => {
    const { bridge } = renderApp('/segments/new', reads);
    await screen.findByRole('heading', { level: 1, name: 'New segment' });
    fireEvent.click(screen.getByRole('button', { name: 'Add constraint' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create segment' }));
    expect(await screen.findByText('Give the segment a name')).toBeTruthy();
    expect(screen.getByText('Pick or type a context field')).toBeTruthy();
    expect(screen.getByText('Add at least one value')).toBeTruthy();
    expect(bridge.inputsOf('segments.create')).toEqual([]);
  });

  it('puts server details on their field and keeps the form as it was', async () => {
    renderApp('/segments/new', {
      ...reads,
      'segments.create': () => {
        throw new ApiError(409, 'NameExistsError', 'There already exists a segment named "beta"', [{ path: 'name', message: 'That name is taken' }]);
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'New segment' });
    type('Name', 'beta');
    fireEvent.click(screen.getByRole('button', { name: 'Create segment' }));
    expect(await screen.findByText('That name is taken')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('beta');
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = renderApp('/segments/new', reads);
    await screen.findByRole('heading', { level: 1, name: 'New segment' });
    type('Name', 'half-done');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'CORS' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }));
    expect(router.state.location.pathname).toBe('/segments/new');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('half-done');
  });

  it('refuses to delete a segment in use and lists where it is used', async () => {
    const { bridge } = renderApp('/segments/3', {
      ...reads,
      'segments.get': () => BETA,
      'segments.strategies': () => ({ strategies: [{ id: 's1', projectId: 'default', featureName: 'checkout', strategyName: 'flexibleRollout', environment: 'production' }] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit “beta-users”' });
    await screen.findByRole('link', { name: 'checkout' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: '“beta-users” is in use' });
    expect(within(dialog).getByText('production')).toBeTruthy();
    expect(bridge.inputsOf('segments.delete')).toEqual([]);
  });

  it('asks for the typed name before deleting on a "type the name" profile', async () => {
    const remote = { ...demoProfile, id: 'p1', name: 'Prod', kind: 'remote' as const, protection: 'type-name' as const };
    const { bridge } = renderApp('/segments/3', {
      ...reads,
      'connections.status': () => statusWith([demoProfile, remote], 'p1'),
      'segments.get': () => BETA,
      'segments.strategies': () => ({ strategies: [] }),
      'segments.delete': () => null,
    });
    await screen.findByText('No strategy uses this segment.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete segment “beta-users”?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete segment' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    type('Type beta-users to confirm', 'beta-users', dialog);
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(bridge.inputsOf('segments.delete')).toEqual([{ id: 3 }]));
  });

  it('detects a concurrent edit before writing and lets the user choose', async () => {
    let server: Segment = BETA;
    const { bridge } = renderApp('/segments/3', {
      ...reads,
      'segments.get': () => server,
      'segments.strategies': () => ({ strategies: [] }),
      'segments.update': () => null,
    });
    await screen.findByText('No strategy uses this segment.');
    server = { ...BETA, description: 'Changed by someone else' };
    type('Description', 'Mine');
    fireEvent.click(screen.getByRole('button', { name: 'Save segment' }));
    const dialog = await screen.findByRole('dialog', { name: 'This segment changed on the server' });
    expect(within(dialog).getByText(/Changed by someone else/)).toBeTruthy();
    expect(bridge.inputsOf('segments.update')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
    await vi.waitFor(() => expect(bridge.inputsOf('segments.update')).toHaveLength(1), { timeout: 10_000 });
    expect(bridge.inputsOf('segments.update')[0]?.segment.description).toBe('Mine');
  });
});
