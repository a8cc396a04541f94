import type { ReactElement } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import { createMemoryRouter } from 'react-router';
import type { ConnectionStatus, ProfileView } from '../../shared/schemas';
import { App } from '../app/app';
import { routes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';
import { readAheadOnNavigation } from '../lib/read-ahead';
import { fakeBridge, type FakeBridge, type FakeHandlers } from './fake-bridge';

export const demoProfile: ProfileView = { id: 'demo', name: 'Demo', kind: 'demo', hasToken: false, tokenStorage: 'none', allowInsecureHttp: false, insecureHttp: false, protection: 'none' };

export function statusWith(profiles: ProfileView[] = [demoProfile], activeProfileId = profiles[0]?.id ?? 'demo'): ConnectionStatus {
  return { activeProfileId, profiles, encryptionAvailable: true, activeInsecureHttp: false };
}

/** Answers every app needs to start: the demo active, version 6.10.1. Tests override what they care about. */
const baseline: FakeHandlers = {
  'connections.status': () => statusWith(),
  'uiConfig.get': () => ({ version: '6.10.1' }),
  'demo.saveStatus': () => ({ ok: true }),
};

export interface Rendered extends RenderResult {
  bridge: FakeBridge;
  client: QueryClient;
  router: ReturnType<typeof createMemoryRouter>;
}

/**
 * Renders the whole app (providers, shell, the real route table) at `url`, over a typed fake bridge installed as
 * window.flagdesk. Clean up with `resetBridge()` (afterEach).
 */
export function renderApp(url: string, handlers: FakeHandlers = {}): Rendered {
  const bridge = fakeBridge({ ...baseline, ...handlers });
  window.flagdesk = bridge;
  const client = createQueryClient();
  // Tests fail fast: no retries of a failure the test answered on purpose.
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  // as main.tsx wires the app
  readAheadOnNavigation(router, client);
  const result = render(<App queryClient={client} router={router} />);
  return { ...result, bridge, client, router };
}

export function resetBridge(): void {
  delete window.flagdesk;
  localStorage.clear();
  sessionStorage.clear();
}

/** Registers, for the calling test file, an afterEach that unmounts the app and then resets the bridge and storage. */
export function resetAfterEach(): void {
  afterEach(() => {
    cleanup();
    resetBridge();
  });
}

/** Renders one component with the app's providers (query client, a router at `url`) over a typed fake bridge. */
export function renderWithProviders(ui: ReactElement, handlers: FakeHandlers = {}, url = '/'): Rendered {
  const bridge = fakeBridge({ ...baseline, ...handlers });
  window.flagdesk = bridge;
  const client = createQueryClient();
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
  const result = render(<App queryClient={client} router={router} />);
  return { ...result, bridge, client, router };
}
