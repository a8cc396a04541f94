import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetBridge } from '../test/render';
import { lastLocation, restoreLastLocation } from './last-location';

afterEach(() => {
  cleanup();
  resetBridge();
});

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('routes', () => {
  it('gives every section a real link and marks the current one', async () => {
    renderApp('/events');
    await heading('Events');
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/segments',
      '/context-fields',
      '/flags',
      '/events',
      '/strategy-types',
      '/archive',
      '/archived',
      '/cors',
      '/playground',
      '/compare',
      '/connections',
    ]);
    expect(within(nav).getByRole('link', { name: 'Events' }).getAttribute('aria-current')).toBe('page');
  });

  it('goes back and forward with Alt+arrows and the mouse side buttons', async () => {
    const { router } = renderApp('/segments', { 'segments.list': () => [] });
    await heading('Segments');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'CORS' }));
    await heading('CORS');
    fireEvent.keyDown(window, { key: 'ArrowLeft', altKey: true });
    await heading('Segments');
    fireEvent.keyDown(window, { key: 'ArrowRight', altKey: true });
    await heading('CORS');
    fireEvent.mouseUp(window, { button: 3 });
    await heading('Segments');
    fireEvent.mouseUp(window, { button: 4 });
    await heading('CORS');
    expect(router.state.location.pathname).toBe('/cors');
  });

  it('remembers the last screen and reopens on it', async () => {
    const { router } = renderApp('/segments', { 'segments.list': () => [] });
    await heading('Segments');
    await act(() => router.navigate('/connections/new'));
    await vi.waitFor(() => expect(lastLocation()).toBe('/connections/new'));
    window.history.replaceState(null, '', '#');
    restoreLastLocation();
    expect(window.location.hash).toBe('#/connections/new');
  });

  it('opens on Segments at the root and says when an address is unknown', async () => {
    renderApp('/', { 'segments.list': () => [] });
    await heading('Segments');
    cleanup();
    renderApp('/nowhere');
    expect(await screen.findByText('Nothing at this address')).toBeTruthy();
  });
});
