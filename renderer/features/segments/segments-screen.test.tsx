import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FlagdeskBridge } from '../../../shared/contract';
import { createQueryClient } from '../../api/query-client';
import SegmentsScreen from './segments-screen';

const status = { activeProfileId: 'demo', profiles: [], encryptionAvailable: true, activeInsecureHttp: false };

function withSegments(answer: unknown) {
  window.flagdesk = {
    invoke: async (channel: string) => (channel === 'segments.list' ? answer : { ok: true, data: status }),
    on: () => () => {},
  } as unknown as FlagdeskBridge;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SegmentsScreen />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  delete window.flagdesk;
});

describe('segments screen', () => {
  it('lists segments with project, constraint count and usage', async () => {
    withSegments({
      ok: true,
      data: [
        {
          id: 1,
          name: 'beta-users',
          description: 'Opted into beta',
          constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }],
          createdAt: '2024-01-01T00:00:00.000Z',
          usedInFeatures: 3,
          usedInProjects: 2,
        },
        { id: 2, name: 'eu', project: 'web', constraints: [], createdAt: '2024-01-01T00:00:00.000Z' },
      ],
    });
    const row = (await screen.findByText('beta-users')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Opted into beta')).toBeTruthy();
    expect(within(row).getByText('Global')).toBeTruthy();
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['beta-usersOpted into beta', 'Global', 'userId is one of "1"', '3', '2']);
    const eu = screen.getByText('eu').closest('tr') as HTMLElement;
    expect(within(eu).getByText('web')).toBeTruthy();
    expect(within(eu).getByText('None: matches everyone')).toBeTruthy();
    expect(screen.getByText('2 segments on this instance')).toBeTruthy();
  });

  it('says so when there are no segments', async () => {
    withSegments({ ok: true, data: [] });
    expect(await screen.findByText('No segments yet')).toBeTruthy();
  });

  it("shows the server's message beside the cause when loading fails", async () => {
    withSegments({ ok: false, error: { status: 403, name: 'NoAccessError', message: 'You need permission READ_SEGMENT' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Loading segments failed: Not allowed');
    expect(alert.textContent).toContain('You need permission READ_SEGMENT');
    expect(alert.textContent).toContain('HTTP 403 · NoAccessError');
  });
});
