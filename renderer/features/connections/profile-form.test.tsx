import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlagdeskBridge } from '../../../shared/contract';
import type { ProfileView } from '../../../shared/schemas';
import { createQueryClient } from '../../api/query-client';
import { ProfileForm } from './profile-form';

const status = { activeProfileId: 'demo', profiles: [], encryptionAvailable: true, activeInsecureHttp: false };
let invoke: ReturnType<typeof vi.fn>;

beforeEach(() => {
  invoke = vi.fn(async (channel: string) => {
    if (channel === 'connections.test') return { ok: true, data: { ok: true, reachable: true, version: '6.10.1', message: 'Connected.' } };
    return { ok: true, data: status };
  });
  window.flagdesk = { invoke, on: () => () => {} } as unknown as FlagdeskBridge;
});

afterEach(() => {
  cleanup();
  delete window.flagdesk;
});

function renderForm(editing?: ProfileView, onDone = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProfileForm editing={editing} encryptionAvailable onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('connection form', () => {
  it('shows a message next to an invalid URL and saves nothing', async () => {
    renderForm();
    type('Name', 'Production');
    type('Base URL', 'unleash.example.com');
    type('API token', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));

    const field = screen.getByLabelText('Base URL');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const message = await screen.findByText(/not a valid URL/);
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(field);
    expect(invoke).not.toHaveBeenCalled();
  });

  it('asks for a name and a token when adding', () => {
    renderForm();
    type('Base URL', 'https://unleash.example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(screen.getByText('Give the connection a name')).toBeTruthy();
    expect(screen.getByText(/Paste an API token/)).toBeTruthy();
    expect(invoke).not.toHaveBeenCalled();
  });

  it('saves a valid profile with trimmed values and closes', async () => {
    const onDone = renderForm();
    type('Name', '  Production ');
    type('Base URL', ' https://unleash.example.com ');
    type('API token', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(invoke).toHaveBeenCalledWith('connections.save', { name: 'Production', baseUrl: 'https://unleash.example.com', token: 'secret', allowInsecureHttp: false });
  });

  it('keeps the stored token when editing with the token field empty', async () => {
    const profile: ProfileView = { id: 'p1', name: 'Prod', kind: 'remote', baseUrl: 'https://u.example.com', hasToken: true, tokenStorage: 'encrypted', allowInsecureHttp: false, insecureHttp: false };
    const onDone = renderForm(profile);
    expect(screen.getByText('Leave empty to keep the stored token (only while the address stays on the same server).')).toBeTruthy();
    type('Name', 'Production');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(invoke).toHaveBeenCalledWith('connections.save', { id: 'p1', name: 'Production', baseUrl: 'https://u.example.com', allowInsecureHttp: false });
  });

  it('tests the typed settings and shows the report sentence and version', async () => {
    renderForm();
    type('Base URL', 'http://127.0.0.1:4242');
    type('API token', 'T');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected.')).toBeTruthy();
    expect(screen.getByText('6.10.1')).toBeTruthy();
    expect(invoke).toHaveBeenCalledWith('connections.test', { baseUrl: 'http://127.0.0.1:4242', token: 'T' });
    // The report described the old address: it goes as soon as the address changes.
    type('Base URL', 'http://127.0.0.1:4243');
    expect(screen.queryByText('Connected.')).toBeNull();
  });

  it('shows server-side field errors next to the field', async () => {
    invoke.mockResolvedValueOnce({
      ok: false,
      error: { status: 400, name: 'ValidationError', message: 'Invalid input', details: [{ path: 'baseUrl', message: 'must be an http(s) URL' }] },
    });
    renderForm();
    type('Name', 'X');
    type('Base URL', 'https://ok.example.com');
    type('API token', 'T');
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(await screen.findByText('must be an http(s) URL')).toBeTruthy();
    expect(screen.getByLabelText('Base URL').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('insecure http (issue 8 §2)', () => {
  it('sends the "Allow insecure http" choice with the save and the test', async () => {
    renderForm();
    type('Name', 'Intranet');
    type('Base URL', 'http://unleash.intranet');
    type('API token', 'T');
    fireEvent.click(screen.getByRole('checkbox', { name: /Allow insecure http/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    await waitFor(() =>
      expect(invoke).toHaveBeenCalledWith('connections.save', { name: 'Intranet', baseUrl: 'http://unleash.intranet', token: 'T', allowInsecureHttp: true }),
    );
    expect(invoke).toHaveBeenCalledWith('connections.test', { baseUrl: 'http://unleash.intranet', token: 'T', allowInsecureHttp: true });
  });
});
