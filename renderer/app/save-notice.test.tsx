import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, resetAfterEach } from '../test/render';
import { SaveNotice } from './save-notice';

resetAfterEach();

describe('save notice', () => {
  it('shows the save problem main pushes until a save succeeds', async () => {
    const { bridge } = renderWithProviders(<SaveNotice />, { 'demo.saveStatus': () => ({ ok: true }) });
    await vi.waitFor(() => expect(bridge.inputsOf('demo.saveStatus')).toHaveLength(1));
    // Let the first read land before pushing, as main's pushes come after the page asked.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => bridge.emit('demo.saveStatus', { ok: false, message: 'The disk is full.' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The disk is full.');
    act(() => bridge.emit('demo.saveStatus', { ok: true }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
