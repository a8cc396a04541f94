import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionKeys } from '../lib/active-profile';
import { createQueryClient } from '../lib/query-client';
import type { ConnectionStatus } from '../../shared/schemas';
import { StatusNotice } from './status-notice';

const NOTICE = 'The demo snapshot was unreadable and was moved aside; the demo starts fresh.';
const base: ConnectionStatus = { activeProfileId: 'demo', profiles: [], encryptionAvailable: true, activeInsecureHttp: false };

afterEach(cleanup);

describe('status notice', () => {
  it('keeps a notice main sent once, until dismissed, and never shows it again', async () => {
    const client = createQueryClient();
    client.setQueryData(connectionKeys.status, { ...base, notice: NOTICE });
    render(
      <QueryClientProvider client={client}>
        <StatusNotice />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(NOTICE)).toBeTruthy();

    // The next status no longer carries it: still shown, the user has not read it yet.
    act(() => client.setQueryData(connectionKeys.status, base));
    expect(screen.getByText(NOTICE)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(NOTICE)).toBeNull();

    act(() => client.setQueryData(connectionKeys.status, { ...base, notice: NOTICE }));
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
