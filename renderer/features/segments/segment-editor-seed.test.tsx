import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Segment } from '../../../shared/schemas';
import { renderApp, resetAfterEach } from '../../test/render';
import { BETA, editorReads as reads } from '../../test/segments';

resetAfterEach();

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** A `segments.get` that answers only when the test says so. */
function heldRead() {
  const waiting: ((segment: Segment) => void)[] = [];
  return {
    handler: () => new Promise<Segment>((resolve) => waiting.push(resolve)),
    answer: async (segment: Segment) => {
      await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      await act(async () => waiting.splice(0).forEach((resolve) => resolve(segment)));
    },
  };
}

/** The list (holding BETA), then a click on BETA's name: the editor opens with the list in the cache. */
async function openFromList(read: ReturnType<typeof heldRead>, more = {}) {
  const rendered = renderApp('/segments', {
    ...reads,
    'segments.list': () => [BETA],
    'segments.get': read.handler,
    'segments.strategies': () => ({ strategies: [] }),
    ...more,
  });
  fireEvent.click(await screen.findByRole('link', { name: 'beta-users' }));
  return rendered;
}

describe('segment editor opened from the list', () => {
  it("shows the list's copy at once, then takes the server's answer while the form is untouched", async () => {
    const read = heldRead();
    const { router } = await openFromList(read);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/segments/3'));
    // the segment's own read has not answered: the form is already filled from the list
    await screen.findByRole('heading', { level: 1, name: 'Edit “beta-users”' }, { timeout: 10_000 });
    expect(field('Name').value).toBe('beta-users');
    expect(field('Description').value).toBe('Opted in');
    await read.answer({ ...BETA, description: 'Changed since the list was read' });
    await vi.waitFor(() => expect(field('Description').value).toBe('Changed since the list was read'));
    // the answer is what the form opened with now: leaving asks nothing
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/segments'));
  }, 20_000);

  it("keeps the user's typing when the server's answer lands, and a save still reports the server's change", async () => {
    const read = heldRead();
    const { bridge } = await openFromList(read, { 'segments.update': () => null });
    await screen.findByRole('heading', { level: 1, name: 'Edit “beta-users”' }, { timeout: 10_000 });
    fireEvent.change(field('Name'), { target: { value: 'beta-testers' } });
    const theirs = { ...BETA, description: 'Changed by someone else' };
    await read.answer(theirs);
    expect(field('Name').value).toBe('beta-testers');
    expect(field('Description').value).toBe('Opted in');
    // the save compares the server's version with the list's copy the user edited: they differ
    bridge.answer({ 'segments.get': () => theirs });
    fireEvent.click(screen.getByRole('button', { name: 'Save segment' }));
    const dialog = await screen.findByRole('dialog', { name: 'This segment changed on the server' });
    expect(within(dialog).getByText(/Changed by someone else/)).toBeTruthy();
    expect(bridge.inputsOf('segments.update')).toEqual([]);
  }, 20_000);
});
