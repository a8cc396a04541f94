import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlagdeskBridge } from '../../../shared/contract';
import type { ConnectionStatus } from '../../../shared/schemas';
import { createQueryClient } from '../../api/query-client';
import ConnectionsScreen from './connections-screen';

const demo = { id: 'demo', name: 'Demo', kind: 'demo', hasToken: false, tokenStorage: 'none', allowInsecureHttp: false, insecureHttp: false } as const;
const staging = { id: 'p1', name: 'Staging', kind: 'remote', baseUrl: 'https://staging.example.com', hasToken: true, tokenStorage: 'memory', allowInsecureHttp: false, insecureHttp: false } as const;

function renderWith(status: ConnectionStatus) {
  const invoke = vi.fn(async (channel: string, input: { id?: string }) => {
    if (channel === 'uiConfig.get') return { ok: true, data: { version: '6.10.1' } };
    if (channel === 'connections.activate') return { ok: true, data: { ...status, activeProfileId: input.id } };
    return { ok: true, data: status };
  });
  window.flagdesk = { invoke, on: () => () => {} } as unknown as FlagdeskBridge;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConnectionsScreen />
    </QueryClientProvider>,
  );
  return invoke;
}

afterEach(() => {
  cleanup();
  delete window.flagdesk;
});

describe('connections screen', () => {
  it('warns that tokens stay in memory when encryption is unavailable', async () => {
    renderWith({ activeProfileId: 'demo', profiles: [demo, staging], encryptionAvailable: false, activeInsecureHttp: false });
    const warning = await screen.findByText(/kept in memory only and will be asked for again next launch/);
    expect(warning.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByText('Token in memory only')).toBeTruthy();
  });

  it('shows no such warning when tokens are encrypted', async () => {
    renderWith({ activeProfileId: 'demo', profiles: [demo], encryptionAvailable: true, activeInsecureHttp: false });
    await screen.findByRole('list', { name: 'All connections' });
    expect(screen.queryByText(/kept in memory only/)).toBeNull();
  });

  it('activates a remote profile and marks it active', async () => {
    const invoke = renderWith({ activeProfileId: 'demo', profiles: [demo, staging], encryptionAvailable: true, activeInsecureHttp: false });
    const row = await screen.findByRole('listitem', { name: 'Staging' });
    fireEvent.click(within(row).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('listitem', { name: 'Staging (active)' })).toBeTruthy();
    expect(invoke).toHaveBeenCalledWith('connections.activate', { id: 'p1' });
  });

  it('resets the active demo only after confirmation, and says it is done', async () => {
    const invoke = renderWith({ activeProfileId: 'demo', profiles: [demo, staging], encryptionAvailable: true, activeInsecureHttp: false });
    const row = await screen.findByRole('listitem', { name: 'Demo (active)' });
    expect(within(await screen.findByRole('listitem', { name: 'Staging' })).queryByRole('button', { name: 'Reset demo data' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Reset demo data' }));
    expect(invoke).not.toHaveBeenCalledWith('demo.reset', expect.anything());
    fireEvent.click(within(row).getByRole('button', { name: 'Confirm reset' }));
    await vi.waitFor(() => expect(invoke).toHaveBeenCalledWith('demo.reset', {}));
    expect(await within(row).findByText('The demo is back to its sample data.')).toBeTruthy();
  });

  it('asks for confirmation before removing a profile', async () => {
    const invoke = renderWith({ activeProfileId: 'demo', profiles: [demo, staging], encryptionAvailable: true, activeInsecureHttp: false });
    const row = await screen.findByRole('listitem', { name: 'Staging' });
    fireEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(invoke).not.toHaveBeenCalledWith('connections.remove', expect.anything());
    fireEvent.click(within(row).getByRole('button', { name: 'Confirm remove' }));
    await vi.waitFor(() => expect(invoke).toHaveBeenCalledWith('connections.remove', { id: 'p1' }));
  });
});
