import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ArchivedFlag } from '../../../shared/schemas';
import type { FakeHandlers } from '../../test/fake-bridge';
import { liveControls } from '../../test/live-controls';
import { demoProfile, renderApp, resetAfterEach, statusWith } from '../../test/render';

// jsdom has no CSS.escape, which React Aria's modal uses
if (typeof globalThis.CSS === 'undefined') {
  Object.assign(globalThis, { CSS: { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) } });
}

resetAfterEach();

const flag = (name: string, project: string, archivedAt: string, more: Partial<ArchivedFlag> = {}): ArchivedFlag => ({
  name,
  project,
  type: 'release',
  description: null,
  stale: false,
  impressionData: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  archivedAt,
  archivedBy: 'ann',
  archivedEventId: 1,
  recordedDependencies: [],
  ...more,
});

const FLAGS: ArchivedFlag[] = [
  flag('old-banner', 'default', '2026-03-01T10:00:00.000Z', { archivedBy: null, archivedEventId: null }),
  flag('checkout-v2', 'shop', '2026-05-01T10:00:00.000Z', {
    recordedDependencies: [{ child: 'checkout-v2', parent: 'checkout', enabled: true, variants: [] }],
  }),
  flag('checkout', 'shop', '2026-04-01T10:00:00.000Z', { archivedBy: 'bob' }),
];

function handlers(protection: 'none' | 'confirm' | 'type-name' | 'read-only' = 'none'): FakeHandlers {
  return {
    'connections.status': () => statusWith([{ ...demoProfile, name: 'Prod', protection }]),
    'instance.projects': () => [
      { id: 'default', name: 'Default' },
      { id: 'shop', name: 'Web shop' },
    ],
    'archive.archivedFlags': () => ({ flags: FLAGS, eventsProblem: null }),
    'archive.reviveFlags': ({ flags }) => ({ revived: flags, failed: [], restored: [{ projectId: 'shop', child: 'checkout-v2', parent: 'checkout', enabled: true, variants: [] }], notRestored: [] }),
    'archive.deleteFlags': ({ flags }) => ({ deleted: flags, failed: [] }),
  };
}

const rowNames = () => within(screen.getByRole('list', { name: /Archived flags/ })).getAllByRole('listitem').map((row) => row.textContent ?? '');

describe('archived flags', { timeout: 20_000 }, () => {
  it('lists every project’s archived flags newest first, with project name, who archived and what was recorded; search and sort are in the URL', async () => {
    const { router } = renderApp('/archived', handlers());
    await screen.findByText('checkout-v2');
    await screen.findAllByText('Web shop');
    const rows = rowNames();
    expect(rows[0]).toMatch(/checkout-v2.*Web shop.*by ann.*depended on checkout/);
    expect(rows[1]).toMatch(/checkout.*by bob.*none recorded/);
    expect(rows[2]).toMatch(/old-banner.*Default.*by unknown/);
    expect(screen.getAllByTitle('Project id: shop')).toHaveLength(2);

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'name' } });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name'));
    expect(rowNames().map((row) => row.split(/Web shop|Default/)[0])).toEqual([expect.stringMatching(/^checkout/), expect.stringMatching(/^checkout-v2/), expect.stringMatching(/^old-banner/)]);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search archived flags' }), { target: { value: 'bob' } });
    await waitFor(() => expect(rowNames()).toHaveLength(1));
    expect(router.state.location.search).toContain('q=bob');
  });

  it('revives the selection with its recorded dependency ticked in the same dialog; a parent still archived is offered too', async () => {
    const { bridge, router } = renderApp('/archived?flag=shop/checkout-v2', handlers());
    const revive = await screen.findByRole('button', { name: 'Revive 1 flag' });
    fireEvent.click(revive);
    const dialog = await screen.findByRole('alertdialog');
    expect(router.state.location.search).toContain('do=revive');
    const box = within(dialog).getByRole('checkbox', { name: /Add back: checkout-v2 depends on checkout/ });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(dialog.textContent).toContain('Its parent checkout is archived too');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revive checkout too' }));
    await waitFor(() => expect(router.state.location.search).toContain('flag=shop%2Fcheckout'));
    const again = await screen.findByRole('alertdialog');
    await waitFor(() => expect(again.textContent).not.toContain('archived too'));
    fireEvent.click(within(again).getByRole('button', { name: 'Revive 2 flags' }));
    await waitFor(() => expect(bridge.inputsOf('archive.reviveFlags')).toHaveLength(1));
    expect(bridge.inputsOf('archive.reviveFlags')[0]).toEqual({
      flags: [
        { projectId: 'shop', name: 'checkout-v2' },
        { projectId: 'shop', name: 'checkout' },
      ],
      restore: [{ projectId: 'shop', child: 'checkout-v2' }],
    });
    const done = await screen.findByText('Revived 2 flags');
    expect(done.closest('.banner')?.textContent).toContain('Dependencies added back: checkout-v2 → checkout');
    // the write closes the dialog in the URL too, and the revived flags leave the selection
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('leaves a dependency out when it is unticked', async () => {
    const { bridge } = renderApp('/archived?flag=shop/checkout-v2&do=revive', handlers());
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Add back/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revive flag' }));
    await waitFor(() => expect(bridge.inputsOf('archive.reviveFlags')).toEqual([{ flags: [{ projectId: 'shop', name: 'checkout-v2' }], restore: [] }]));
  });

  it('delete for good asks for the typed name even on a profile that asks nothing', async () => {
    const { bridge } = renderApp('/archived?flag=default/old-banner&flag=shop/checkout', handlers('none'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete 2 flags for good' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('cannot be undone');
    const confirm = within(dialog).getByRole('button', { name: 'Delete 2 flags for good' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Type delete 2 flags to confirm/ }), { target: { value: 'delete 2 flags' } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(bridge.inputsOf('archive.deleteFlags')).toEqual([
        {
          flags: [
            { projectId: 'default', name: 'old-banner' },
            { projectId: 'shop', name: 'checkout' },
          ],
        },
      ]),
    );
    await screen.findByText('Deleted 2 flags for good');
  });

  it('on a read-only profile revive and delete are off with the reason; search, sort and selection stay live', async () => {
    renderApp('/archived?flag=shop/checkout', handlers('read-only'));
    await screen.findByText('checkout-v2');
    const revive = screen.getByRole('button', { name: 'Revive 1 flag' }) as HTMLButtonElement;
    expect(revive.disabled).toBe(true);
    expect(revive.title).toMatch(/read-only/i);
    const live = liveControls(screen.getByRole('main'));
    expect(live.filter((name) => /Revive|Delete/.test(name))).toEqual([]);
    expect(live).toContain('input:Search archived flags');
  });

  it('says why who archived a flag is unknown when the event log could not be read', async () => {
    renderApp('/archived', { ...handlers(), 'archive.archivedFlags': () => ({ flags: FLAGS, eventsProblem: 'Who archived each flag could not be read from the event log: 503' }) });
    expect((await screen.findByText('Who archived is not known')).closest('.banner')?.textContent).toContain('503');
  });
});
