import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { ExportResult } from '../../../shared/schemas/event-export';
import { renderApp, resetBridge } from '../../test/render';

afterEach(resetBridge);

// jsdom draws no canvas
vi.mock('./activity-chart', () => ({ default: () => null }));

const STOPPED = 'The export stopped because another instance was made active; the file you chose was left as it was.';

/** The event browser with one event, and an export whose ending the test gives. */
function withExport() {
  let end: (result: ExportResult) => void = () => undefined;
  const handlers = {
    'events.browse': () => ({
      events: [{ id: 1, type: 'feature-created', createdBy: 'ann', createdAt: '2026-05-01T10:00:00.000Z', label: 'feature-created', summary: 'made' }],
      total: 1,
      source: 'server' as const,
      syncedAt: null,
    }),
    'events.histogram': () => ({ days: 1, buckets: [] }),
    'eventIndex.status': () => ({ enabled: false, state: 'off' as const, count: 0, total: 0, syncedAt: null, lastError: null }),
    'events.export': () => new Promise<ExportResult>((resolve) => (end = resolve)),
  };
  const rendered = renderApp('/events', handlers);
  return { ...rendered, end: (result: ExportResult) => end(result) };
}

async function startExport() {
  const open = await screen.findByRole('button', { name: 'Export…' }, { timeout: 5000 });
  // enabled once the first page is in
  await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false), { timeout: 5000 });
  fireEvent.click(open);
  fireEvent.click(await screen.findByRole('button', { name: 'Choose file and export' }, { timeout: 5000 }));
  await screen.findByRole('button', { name: 'Cancel export' });
}

it('an export the app stopped says why in its dialog', { timeout: 15_000 }, async () => {
  const { end } = withExport();
  await startExport();
  end({ status: 'stopped', reason: STOPPED });
  expect((await screen.findByRole('alert')).textContent).toBe(STOPPED);
  expect(screen.getByRole('dialog', { name: 'Export events' })).toBeTruthy();
});

it('an export that ends after its screen was left says how it ended in a toast', { timeout: 15_000 }, async () => {
  const { end, router } = withExport();
  await startExport();
  await router.navigate('/segments');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Export events' })).toBeNull());
  end({ status: 'stopped', reason: STOPPED });
  expect(await screen.findByText('Export stopped')).toBeTruthy();
  expect(screen.getByText(STOPPED)).toBeTruthy();
});
