import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { useSessionDraft } from '../lib/session-draft';
import { fakeBridge } from '../test/fake-bridge';
import { renderApp, resetBridge, statusWith } from '../test/render';
import { routes } from './routes';

afterEach(() => {
  cleanup();
  resetBridge();
  vi.restoreAllMocks();
});

/** A screen with a typed text above nothing but itself; typing "boom" makes it throw while rendering. */
function Fragile() {
  const [text, setText] = useSessionDraft('test.fragile', '');
  const [, force] = useState(0);
  if (text === 'boom') throw new TypeError("Cannot read properties of undefined (reading 'trim')");
  return (
    <>
      <h1>Fragile</h1>
      <label>
        Text
        <textarea value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="button" onClick={() => force((n) => n + 1)}>
        Again
      </button>
    </>
  );
}

/** The real route table with one more screen under the shell, as a feature's routes.tsx would add it. */
function renderWithFragileScreen() {
  const [root] = routes;
  const withFragile: RouteObject[] = [
    { path: '/', element: root?.element, errorElement: root?.errorElement, children: [{ path: 'playground', element: <Fragile /> }, ...(root?.children ?? [])] },
  ];
  window.flagdesk = fakeBridge({
    'connections.status': () => statusWith(),
    'uiConfig.get': () => ({ version: '6.10.1' }),
    'demo.saveStatus': () => ({ ok: true }),
    'segments.list': () => [],
  });
  const client = createQueryClient();
  const router = createMemoryRouter(withFragile, { initialEntries: ['/playground'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('a screen that throws', () => {
  it('fails in its own place: the header and the navigation stay, other screens open, the typed text survives Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderWithFragileScreen();
    await screen.findByRole('heading', { name: 'Fragile' }, { timeout: 10_000 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'boom' } });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Showing the Playground screen failed: a fault in Flagdesk');
    expect(alert.textContent).toContain("Cannot read properties of undefined (reading 'trim')");
    expect(within(alert).getByRole('button', { name: 'Copy details' })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('Flagdesk');
    const nav = screen.getByRole('navigation', { name: 'Sections' });

    // Retry renders the screen again with what was typed (here it throws again, and says so again).
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByRole('alert')).textContent).toContain('a fault in Flagdesk');
    expect(sessionStorage.getItem('flagdesk.draft.test.fragile')).toBe('boom');

    fireEvent.click(within(nav).getByRole('link', { name: 'Segments' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Segments' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/segments');
    expect(screen.queryByText(/a fault in Flagdesk/)).toBeNull();
  }, 20_000);
});

describe('the playground with a CSV row of one cell more than the header', () => {
  it('says which row and why, and keeps the window and the typed CSV', async () => {
    renderApp('/playground?project=default&environment=development', {
      'instance.projects': () => [{ id: 'default', name: 'Default' }],
      'instance.environments': () => [{ name: 'development', type: 'development', enabled: true }],
      'instance.contextFields': () => [],
      'segments.list': () => [],
      'instance.features': () => [],
    });
    const panel = await screen.findByRole('region', { name: 'Many contexts' }, { timeout: 10_000 });
    const csv = within(panel).getByRole('textbox', { name: /Contexts/ });
    fireEvent.change(csv, { target: { value: 'userId\nu1,' } });
    const problems = within(panel).getByRole('list', { name: 'Rows with problems' });
    expect(problems.textContent).toBe('row 2: 2 cells, but the header has 1 column; the row is left out');
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeTruthy();
    expect((csv as HTMLTextAreaElement).value).toBe('userId\nu1,');
  }, 20_000);
});
