import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/errors';
import type { ProfileView } from '../../shared/schemas';
import { renderApp, resetBridge, statusWith } from '../test/render';

const prod: ProfileView = {
  id: 'p1',
  name: 'Prod',
  kind: 'remote',
  baseUrl: 'https://unleash.example.com',
  hasToken: true,
  tokenStorage: 'encrypted',
  allowInsecureHttp: false,
  insecureHttp: false,
  protection: 'confirm',
};

afterEach(resetBridge);

describe('the header when the active server goes away', () => {
  it('says unreachable once a screen cannot reach it, over the version read before, and clears when it answers', async () => {
    let down = false;
    const refused = () => new ApiError(0, 'NetworkError', 'Could not reach unleash.example.com: connection refused.');
    const { bridge, client } = renderApp('/segments', {
      'connections.status': () => statusWith([prod], 'p1'),
      'segments.list': () => {
        if (down) throw refused();
        return [];
      },
    });
    const version = () => screen.getByTestId('active-instance-version').textContent;
    await waitFor(() => expect(version()).toBe('v6.10.1'));

    down = true;
    await client.refetchQueries({ queryKey: ['instance', 'p1', 'segments'] });
    await waitFor(() => expect(version()).toBe('unreachable'));
    expect(screen.getByRole('link', { name: /Prod/ }).getAttribute('title')).toContain('connection refused');

    down = false;
    bridge.answer({ 'uiConfig.get': () => ({ version: '6.10.1' }) });
    await client.refetchQueries({ queryKey: ['instance', 'p1', 'segments'] });
    await waitFor(() => expect(version()).toBe('v6.10.1'));
  });
});
