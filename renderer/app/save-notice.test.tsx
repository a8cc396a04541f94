import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlagdeskBridge } from '../../shared/contract';
import { createQueryClient } from '../api/query-client';
import { SaveNotice } from './save-notice';

afterEach(() => {
  cleanup();
  delete window.flagdesk;
});

describe('save notice (issue 8 §6)', () => {
  it('shows the save problem main pushes until a save succeeds', async () => {
    let push: (payload: unknown) => void = () => undefined;
    window.flagdesk = {
      invoke: vi.fn(async () => ({ ok: true, data: { ok: true } })),
      on: (_event: string, callback: (payload: unknown) => void) => {
        push = callback;
        return () => undefined;
      },
    } as unknown as FlagdeskBridge;
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SaveNotice />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(window.flagdesk?.invoke).toHaveBeenCalledWith('demo.saveStatus', {}));
    // Let the first read land before pushing, as main's pushes come after the page asked.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => push({ ok: false, message: 'The disk is full.' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The disk is full.');
    act(() => push({ ok: true }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
