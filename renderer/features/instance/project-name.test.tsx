import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSegment, ArchiveRun, Feature, FlagEvent, StrategyUsageRow } from '../../../shared/schemas';
import { renderApp, resetBridge } from '../../test/render';

afterEach(() => {
  resetBridge();
  vi.restoreAllMocks();
});

// jsdom draws no canvas: the events screen's chart is not what this file looks at
vi.mock('../events/activity-chart', () => ({ default: () => null }));

/** The instance's projects: every place below must show "Growth team" for `growth`, with the id on hover. */
const projects = () => [
  { id: 'default', name: 'Default' },
  { id: 'growth', name: 'Growth team' },
];

/** The one element that shows the project `growth` by its name, checked for its hover text. */
async function growthIn(container: HTMLElement): Promise<HTMLElement> {
  const [shown] = await within(container).findAllByText('Growth team');
  expect(shown!.getAttribute('title')).toBe('Project id: growth');
  expect(container.textContent).not.toMatch(/\bgrowth\b/);
  return shown!;
}

describe('a project is named the same way everywhere: its name, its id on hover', { timeout: 20_000 }, () => {
  it('in the segments list', async () => {
    const segment: AdminSegment = { id: 2, name: 'eu', project: 'growth', constraints: [], createdAt: '2024-01-01T00:00:00.000Z' };
    renderApp('/segments', { 'segments.list': () => [segment], 'instance.projects': projects });
    const row = (await screen.findByRole('link', { name: 'eu' })).closest('tr')!;
    await growthIn(row);
  });

  it('in the events list and an event’s details', async () => {
    const event: FlagEvent = {
      id: 7,
      type: 'feature-environment-enabled',
      createdBy: 'ann',
      createdAt: '2026-05-01T10:00:00.000Z',
      project: 'growth',
      featureName: 'signup-v2',
      environment: 'production',
      data: null,
      preData: null,
      label: 'Flag enabled',
      summary: '**ann** enabled **signup-v2** in **production**',
    };
    // jsdom lays nothing out: the virtualized list gets a height, so its rows render
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    renderApp('/events?event=7', {
      'events.browse': () => ({ events: [event], total: 1, source: 'server' as const, syncedAt: null }),
      'events.histogram': () => ({ days: 1, buckets: [] }),
      'eventIndex.status': () => ({ enabled: false, state: 'off' as const, count: 0, total: 0, syncedAt: null, lastError: null }),
      'events.creators': () => [],
      'instance.environments': () => [],
      'segments.list': () => [],
      'instance.projects': projects,
    });
    await growthIn(await screen.findByRole('region', { name: 'Event 7' }));
    const list = await screen.findByRole('listbox', { name: /^Events, / });
    await growthIn(await within(list).findByRole('option'));
  });

  it('in the archive’s confirmation and its result', async () => {
    const flag: Feature = { name: 'signup-v2', project: 'growth', environments: [{ name: 'production', enabled: false }] };
    const run: ArchiveRun = { outcome: 'archived', archived: ['signup-v2'], notArchived: [], unconfirmed: [], removedDependencies: [], validation: { parentsWithChildFeatures: [], hasDeletedDependencies: false } };
    renderApp('/archive?project=growth&flags=signup-v2', {
      'instance.projects': projects,
      'instance.features': () => [flag],
      'instance.feature': () => ({ ...flag, children: [], dependencies: [] }),
      'archive.validate': () => ({ parentsWithChildFeatures: [], hasDeletedDependencies: false }),
      'archive.run': () => run,
    });
    const archive = await screen.findByRole('button', { name: 'Archive 1 flag' });
    await waitFor(() => expect((archive as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(archive);
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive 1 flag?' });
    await growthIn(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await growthIn(await screen.findByRole('region', { name: 'Archive result' }));
  });

  const usage = (): StrategyUsageRow[] => [
    { strategyName: 'tenant', projectId: 'growth', featureName: 'b', environment: 'development', strategyId: 's2', parameters: { id: 'acme' } },
  ];
  const tenant = {
    name: 'tenant',
    displayName: null,
    description: 'Tenants',
    editable: true,
    deprecated: false,
    parameters: [{ name: 'id', type: 'string', description: '', required: false }],
    title: null,
  };

  it('in the strategy types’ usage column', async () => {
    renderApp('/strategy-types', { 'strategyTypes.list': () => [tenant], 'strategyTypes.usage': usage, 'instance.projects': projects });
    const table = await screen.findByRole('table', { name: 'Strategy types' });
    await growthIn(within(table).getByRole('link', { name: 'tenant' }).closest('tr')!);
  });

  it('in the dialog of the flag strategies a strategy type change breaks', async () => {
    renderApp('/strategy-types/tenant', {
      'strategyTypes.list': () => [tenant],
      'strategyTypes.usage': usage,
      'events.browse': () => ({ events: [], total: 0, source: 'server' as const, syncedAt: null }),
      'instance.projects': projects,
    });
    const form = await screen.findByRole('form', { name: 'Edit strategy type' });
    await within(form).findByText(/Used by 1 flag strategy/);
    fireEvent.click(within(form).getByRole('button', { name: 'Remove parameter 1' }));
    fireEvent.click(await within(form).findByRole('button', { name: 'Review and save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'This change breaks 1 flag strategy' });
    await growthIn(within(dialog).getByRole('list', { name: 'Broken flag strategies' }));
  });

  it('in the flags’ breadcrumb', async () => {
    renderApp('/flags/growth', { 'instance.projects': projects, 'instance.features': () => [] });
    await growthIn(await screen.findByRole('navigation', { name: 'Breadcrumb' }));
  });

  it('in the flags screen’s title and its list of flags', async () => {
    const flag: Feature = { name: 'signup-v2', project: 'growth', environments: [] };
    renderApp('/flags/growth', { 'instance.projects': projects, 'instance.features': () => [flag] });
    await screen.findByRole('heading', { level: 1, name: 'Flags of Growth team' });
    await screen.findByRole('list', { name: 'Flags of Growth team' });
  });
});
