import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionStatus, ProfileView } from '../../../shared/schemas';
import type { FakeHandlers } from '../../test/fake-bridge';
import { renderApp, resetAfterEach } from '../../test/render';

const demo: ProfileView = { id: 'demo', name: 'Demo', kind: 'demo', hasToken: false, tokenStorage: 'none', allowInsecureHttp: false, insecureHttp: false, protection: 'none' };
const staging: ProfileView = { id: 'p1', name: 'Staging', kind: 'remote', baseUrl: 'https://staging.example.com', hasToken: true, tokenStorage: 'memory', allowInsecureHttp: false, insecureHttp: false, protection: 'confirm' };

function renderWith(status: ConnectionStatus, handlers: FakeHandlers = {}) {
  const { bridge } = renderApp('/connections', {
    'connections.test': () => ({ ok: true, reachable: true, message: 'Connected.' }),
    'connections.status': () => status,
    'connections.activate': (input) => ({ ...status, activeProfileId: input.id }),
    'connections.remove': () => status,
    'demo.reset': () => null,
    ...handlers,
  });
  return {
    bridge,
    calledWith: (channel: 'connections.activate' | 'connections.remove' | 'demo.reset' | 'connections.test') => bridge.inputsOf(channel),
  };
}

resetAfterEach();

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
    const bridge = renderWith({ activeProfileId: 'demo', profiles: [demo, staging], encryptionAvailable: true, activeInsecureHttp: false });
    const row = await screen.findByRole('listitem', { name: 'Staging' });
    fireEvent.click(within(row).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('listitem', { name: 'Staging (active)' })).toBeTruthy();
    expect(bridge.calledWith('connections.activate')).toEqual([{ id: 'p1' }]);
  });

  it('resets the active demo only after confirmation, and says it is done', async () => {
    const bridge = renderWith({ activeProfileId: 'demo', profiles: [demo, staging], encryptionAvailable: true, activeInsecureHttp: false });
    const row = await screen.findByRole('listitem', { name: 'Demo (active)' });
    expect(within(await screen.findByRole('listitem', { name: 'Staging' })).queryByRole('button', { name: 'Reset demo data' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Reset demo data' }));
    expect(bridge.calledWith('demo.reset')).toEqual([]);
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset the demo to its sample data?' });
    expect(within(dialog).getByText('Demo')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset the demo' }));
    await vi.waitFor(() => expect(bridge.calledWith('demo.reset')).toEqual([{}]));
    expect(await within(row).findByText('The demo is back to its sample data.')).toBeTruthy();
  });

  it('asks for confirmation before removing a profile', async () => {
    const bridge = renderWith({ activeProfileId: 'demo', profiles: [demo, staging], encryptionAvailable: true, activeInsecureHttp: false });
    const row = await screen.findByRole('listitem', { name: 'Staging' });
    fireEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(bridge.calledWith('connections.remove')).toEqual([]);
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the connection “Staging”?' });
    expect(within(dialog).getByText(/https:\/\/staging\.example\.com/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove connection' }));
    await vi.waitFor(() => expect(bridge.calledWith('connections.remove')).toEqual([{ id: 'p1' }]));
  });

  it('warns at once, next to the profile, when an activated server cannot be reached, and retries', async () => {
    const refused = 'Connection refused at https://staging.example.com: is the server running?';
    const { bridge, calledWith } = renderWith(
      { activeProfileId: 'demo', profiles: [demo, staging], encryptionAvailable: true, activeInsecureHttp: false },
      {
        'connections.test': () => ({ ok: false, reachable: false, message: refused }),
        'uiConfig.get': () => new Promise(() => undefined),
      },
    );
    fireEvent.click(within(await screen.findByRole('listitem', { name: 'Staging' })).getByRole('button', { name: 'Activate' }));
    const row = await screen.findByRole('listitem', { name: 'Staging (active)' });
    const warning = await within(row).findByRole('alert');
    expect(within(warning).getByText('Staging cannot be reached')).toBeTruthy();
    expect(within(warning).getByText(refused)).toBeTruthy();
    expect(screen.getByTestId('active-version').textContent).toBe('unreachable');
    expect(calledWith('connections.test')).toEqual([{ id: 'p1' }]);

    bridge.answer({ 'connections.test': () => ({ ok: true, reachable: true, message: 'Connected.' }) });
    fireEvent.click(within(warning).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(within(row).queryByRole('alert')).toBeNull());
    expect(calledWith('connections.test')).toEqual([{ id: 'p1' }, { id: 'p1' }]);
  });

  it('does not test the demo after activating it', async () => {
    const { calledWith } = renderWith({ activeProfileId: 'p1', profiles: [demo, staging], encryptionAvailable: true, activeInsecureHttp: false });
    fireEvent.click(within(await screen.findByRole('listitem', { name: 'Demo' })).getByRole('button', { name: 'Activate' }));
    await screen.findByRole('listitem', { name: 'Demo (active)' });
    expect(calledWith('connections.test')).toEqual([]);
  });
});
