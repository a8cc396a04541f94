import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProfileView } from '../../../shared/schemas';
import { ApiError } from '../../../shared/errors';
import type { FakeBridge, FakeHandlers } from '../../test/fake-bridge';
import { renderWithProviders, resetAfterEach, statusWith } from '../../test/render';
import { ProfileForm } from './profile-form';

const answers: FakeHandlers = {
  'connections.test': () => ({ ok: true, reachable: true, version: '6.10.1', message: 'Connected.' }),
  'connections.save': () => statusWith(),
};
let bridge: FakeBridge;

resetAfterEach();

function renderForm(editing?: ProfileView, onDone = vi.fn(), handlers: FakeHandlers = {}) {
  bridge = renderWithProviders(<ProfileForm editing={editing} encryptionAvailable onDone={onDone} />, { ...answers, ...handlers }).bridge;
  return onDone;
}

const writes = () => bridge.calls.filter((c) => c.channel === 'connections.save' || c.channel === 'connections.test');

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('connection form', () => {
  it('shows a message next to an invalid URL and saves nothing', async () => {
    renderForm();
    type('Name', 'Production');
    type('Base URL', 'unleash.example.com');
    type('API token', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));

    const field = screen.getByLabelText('Base URL');
    // react-hook-form validates asynchronously: the message lands a tick after the click.
    await vi.waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const message = await screen.findByText(/not a valid URL/);
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(field);
    expect(writes()).toEqual([]);
  });

  it('asks for a name and a token when adding', async () => {
    renderForm();
    type('Base URL', 'https://unleash.example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    await vi.waitFor(() => expect(screen.getByText('Give the connection a name')).toBeTruthy());
    expect(screen.getByText(/Paste an API token/)).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('saves a valid profile with trimmed values and closes', async () => {
    const onDone = renderForm();
    type('Name', '  Production ');
    type('Base URL', ' https://unleash.example.com ');
    type('API token', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bridge.inputsOf('connections.save')).toEqual([{ name: 'Production', baseUrl: 'https://unleash.example.com', token: 'secret', allowInsecureHttp: false }]);
  });

  it('keeps the stored token when editing with the token field empty', async () => {
    const profile: ProfileView = { id: 'p1', name: 'Prod', kind: 'remote', baseUrl: 'https://u.example.com', hasToken: true, tokenStorage: 'encrypted', allowInsecureHttp: false, insecureHttp: false, protection: 'confirm' };
    const onDone = renderForm(profile);
    expect(screen.getByText('Leave empty to keep the stored token (only while the address stays on the same server).')).toBeTruthy();
    type('Name', 'Production');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bridge.inputsOf('connections.save')).toEqual([{ id: 'p1', name: 'Production', baseUrl: 'https://u.example.com', allowInsecureHttp: false }]);
  });

  it('tests the typed settings and shows the report sentence and version', async () => {
    renderForm();
    type('Base URL', 'http://127.0.0.1:4242');
    type('API token', 'T');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected.')).toBeTruthy();
    expect(screen.getByText('6.10.1')).toBeTruthy();
    expect(bridge.inputsOf('connections.test')).toEqual([{ baseUrl: 'http://127.0.0.1:4242', token: 'T' }]);
    // The report described the old address: it goes as soon as the address changes.
    type('Base URL', 'http://127.0.0.1:4243');
    expect(screen.queryByText('Connected.')).toBeNull();
  });

  it('shows server-side field errors next to the field', async () => {
    renderForm(undefined, vi.fn(), {
      'connections.save': () => {
        throw new ApiError(400, 'ValidationError', 'Invalid input', [{ path: 'baseUrl', message: 'must be an http(s) URL' }]);
      },
    });
    type('Name', 'X');
    type('Base URL', 'https://ok.example.com');
    type('API token', 'T');
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(await screen.findByText('must be an http(s) URL')).toBeTruthy();
    expect(screen.getByLabelText('Base URL').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('connection form papercuts', () => {
  it('refuses a base URL ending in /api, saying why and what to use', async () => {
    renderForm();
    type('Name', 'Prod');
    type('Base URL', 'https://unleash.example.com/api/');
    type('API token', 'T');
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    await vi.waitFor(() => expect(screen.getByText('Leave out “/api”: Flagdesk adds it. Use https://unleash.example.com')).toBeTruthy());
    expect(writes()).toEqual([]);
  });

  it('saves and activates the new profile in one step', async () => {
    const saved = statusWith([
      { id: 'demo', name: 'Demo', kind: 'demo', hasToken: false, tokenStorage: 'none', allowInsecureHttp: false, insecureHttp: false, protection: 'none' },
      { id: 'remote-1', name: 'Prod', kind: 'remote', baseUrl: 'https://unleash.example.com', hasToken: true, tokenStorage: 'encrypted', allowInsecureHttp: false, insecureHttp: false, protection: 'confirm' },
    ]);
    const onDone = renderForm(undefined, vi.fn(), { 'connections.save': () => saved, 'connections.activate': () => ({ ...saved, activeProfileId: 'remote-1' }) });
    type('Name', 'Prod');
    type('Base URL', 'https://unleash.example.com');
    type('API token', 'T');
    fireEvent.click(screen.getByRole('button', { name: 'Save and activate' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bridge.inputsOf('connections.activate')).toEqual([{ id: 'remote-1' }]);
    // The typed settings were tested before anything was saved.
    expect(bridge.inputsOf('connections.test')[0]).toEqual({ baseUrl: 'https://unleash.example.com', token: 'T' });
  });

  it('tests before "Save and activate": an unreachable server is saved only on the admin\'s explicit choice', async () => {
    const saved = statusWith([
      { id: 'demo', name: 'Demo', kind: 'demo', hasToken: false, tokenStorage: 'none', allowInsecureHttp: false, insecureHttp: false, protection: 'none' },
      { id: 'remote-1', name: 'Prod', kind: 'remote', baseUrl: 'https://nope.invalid', hasToken: true, tokenStorage: 'encrypted', allowInsecureHttp: false, insecureHttp: false, protection: 'confirm' },
    ]);
    const onDone = renderForm(undefined, vi.fn(), {
      'connections.test': () => ({ ok: false, reachable: false, tokenSent: false, message: 'Could not reach https://nope.invalid: the host name could not be resolved (DNS).' }),
      'connections.save': () => saved,
      'connections.activate': () => ({ ...saved, activeProfileId: 'remote-1' }),
    });
    type('Name', 'Prod');
    type('Base URL', 'https://nope.invalid');
    type('API token', 'T');
    fireEvent.click(screen.getByRole('button', { name: 'Save and activate' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not saved: the test of this connection failed');
    expect(screen.getByRole('status').textContent).toContain('the host name could not be resolved (DNS)');
    expect(bridge.inputsOf('connections.save')).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Base URL') as HTMLInputElement).value).toBe('https://nope.invalid');

    fireEvent.click(screen.getByRole('button', { name: 'Save and activate anyway' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bridge.inputsOf('connections.save')).toHaveLength(1);
    expect(bridge.inputsOf('connections.activate')).toEqual([{ id: 'remote-1' }]);
  });
});

describe('insecure http', () => {
  it('sends the "Allow insecure http" choice with the save and the test', async () => {
    renderForm();
    type('Name', 'Intranet');
    type('Base URL', 'http://unleash.intranet');
    type('API token', 'T');
    fireEvent.click(screen.getByRole('checkbox', { name: /Allow insecure http/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    await vi.waitFor(() =>
      expect(bridge.inputsOf('connections.save')).toEqual([
        { name: 'Intranet', baseUrl: 'http://unleash.intranet', token: 'T', allowInsecureHttp: true },
      ]),
    );
    expect(bridge.inputsOf('connections.test')).toEqual([{ baseUrl: 'http://unleash.intranet', token: 'T', allowInsecureHttp: true }]);
  });
});
