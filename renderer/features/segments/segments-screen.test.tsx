import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/errors';
import type { AdminSegment } from '../../../shared/schemas';
import { renderApp, resetBridge } from '../../test/render';

function withSegments(answer: AdminSegment[] | ApiError) {
  return renderApp('/segments', {
    'segments.list': () => {
      if (answer instanceof ApiError) throw answer;
      return answer;
    },
  });
}

afterEach(() => {
  cleanup();
  resetBridge();
});

describe('segments screen', () => {
  it('lists segments with project, constraint count and usage', async () => {
    withSegments([
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
    ]);
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
    withSegments([]);
    expect(await screen.findByText('No segments yet')).toBeTruthy();
  });

  it("shows the server's message beside the cause when loading fails", async () => {
    withSegments(new ApiError(403, 'NoAccessError', 'You need permission READ_SEGMENT'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Loading segments failed: Not allowed');
    expect(alert.textContent).toContain('You need permission READ_SEGMENT');
    expect(alert.textContent).toContain('HTTP 403 · NoAccessError');
  });
});
