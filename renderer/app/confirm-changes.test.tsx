import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProtectionLevel } from '../../shared/domain/protection';
import type { Feature } from '../../shared/schemas';
import type { FakeHandlers } from '../test/fake-bridge';
import { demoProfile, renderApp, resetAfterEach, statusWith } from '../test/render';

// jsdom has no CSS.escape, which React Aria's modal uses
if (typeof globalThis.CSS === 'undefined') {
  Object.assign(globalThis, { CSS: { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) } });
}

resetAfterEach();

const at = (protection: ProtectionLevel): FakeHandlers => ({ 'connections.status': () => statusWith([{ ...demoProfile, name: 'Prod', protection }]) });

const cors = (origins: string[]): FakeHandlers => ({
  'uiConfig.get': () => ({ version: '6.10.1', frontendApiOrigins: origins }),
  'events.browse': () => ({ events: [], total: 0, source: 'server' as const, syncedAt: null }),
  'uiConfig.setOrigins': () => null,
});

async function replaceStarWithOneOrigin() {
  const row = await screen.findByRole('textbox', { name: 'Origin 1' }, { timeout: 10_000 });
  fireEvent.change(row, { target: { value: 'https://app.example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save origins' }));
}

describe('Confirm changes asks before what cuts off or brings back', { timeout: 20_000 }, () => {
  it('a CORS save that removes * says it cuts off every other site, and saves only when confirmed', async () => {
    const { bridge } = renderApp('/cors', { ...cors(['*']), ...at('confirm') });
    await replaceStarWithOneOrigin();
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop allowing every origin?' });
    expect(dialog.textContent).toContain('every other site');
    expect(bridge.inputsOf('uiConfig.setOrigins')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and allow only these origins' }));
    await waitFor(() => expect(bridge.inputsOf('uiConfig.setOrigins')).toEqual([{ origins: ['https://app.example.com'] }]));
  });

  it('cancelling that question saves nothing', async () => {
    const { bridge } = renderApp('/cors', { ...cors(['*']), ...at('confirm') });
    await replaceStarWithOneOrigin();
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop allowing every origin?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bridge.inputsOf('uiConfig.setOrigins')).toEqual([]);
  });

  it('without protection the same save goes at once', async () => {
    const { bridge } = renderApp('/cors', { ...cors(['*']), ...at('none') });
    await replaceStarWithOneOrigin();
    await waitFor(() => expect(bridge.inputsOf('uiConfig.setOrigins')).toEqual([{ origins: ['https://app.example.com'] }]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a save between two lists of origins does not ask', async () => {
    const { bridge } = renderApp('/cors', { ...cors(['https://old.example.com']), ...at('confirm') });
    await replaceStarWithOneOrigin();
    await waitFor(() => expect(bridge.inputsOf('uiConfig.setOrigins')).toEqual([{ origins: ['https://app.example.com'] }]));
  });

  it('revive after an archive asks first on a Confirm changes profile', async () => {
    const flag: Feature = { name: 'old-banner', project: 'default', environments: [{ name: 'production', enabled: false }] };
    const { bridge } = renderApp('/archive?project=default&flags=old-banner', {
      ...at('confirm'),
      'instance.projects': () => [{ id: 'default', name: 'Default' }],
      'instance.features': () => [flag],
      'instance.feature': () => ({ ...flag, children: [], dependencies: [] }),
      'archive.validate': () => ({ parentsWithChildFeatures: [], hasDeletedDependencies: false }),
      'archive.run': () => ({
        outcome: 'archived',
        archived: ['old-banner'],
        notArchived: [],
        unconfirmed: [],
        removedDependencies: [],
        validation: { parentsWithChildFeatures: [], hasDeletedDependencies: false },
      }),
      'archive.reviveWithRecord': ({ features }) => ({ revived: features, restorable: [] }),
    });
    const archive = await screen.findByRole('button', { name: 'Archive 1 flag' }, { timeout: 10_000 });
    await waitFor(() => expect((archive as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(archive);
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Archive 1 flag?' })).getByRole('button', { name: 'Archive' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revive it' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revive “old-banner”?' });
    expect(bridge.inputsOf('archive.reviveWithRecord')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revive' }));
    await waitFor(() => expect(bridge.inputsOf('archive.reviveWithRecord')).toEqual([{ projectId: 'default', features: ['old-banner'] }]));
  });
});
