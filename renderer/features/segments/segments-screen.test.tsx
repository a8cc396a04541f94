import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/errors';
import type { AdminSegment } from '../../../shared/schemas';
import { renderApp, resetAfterEach } from '../../test/render';

function withSegments(answer: AdminSegment[] | ApiError) {
  return renderApp('/segments', {
    'segments.list': () => {
      if (answer instanceof ApiError) throw answer;
      return answer;
    },
  });
}

resetAfterEach();

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
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['beta-usersOpted into beta', 'Global', 'userId is one of "1"', '3 flags2 projects']);
    expect(within(row).getByRole('link', { name: 'beta-users' }).getAttribute('href')).toBe('/segments/1');
    const eu = screen.getByText('eu').closest('tr') as HTMLElement;
    expect(within(eu).getByText('web')).toBeTruthy();
    expect(within(eu).getByText('None: matches everyone')).toBeTruthy();
    expect(screen.getByText('2 segments on this instance')).toBeTruthy();
  });

  it('searches names, descriptions and constraint values, filters unused, and keeps it all in the URL', async () => {
    const { router } = withSegments([
      { id: 1, name: 'beta-users', constraints: [{ contextName: 'userId', operator: 'IN', values: ['u-481'] }], createdAt: '2024-01-01T00:00:00.000Z', usedInFeatures: 2 },
      { id: 2, name: 'eu', description: 'European customers', constraints: [], createdAt: '2024-01-02T00:00:00.000Z', usedInFeatures: 0 },
      { id: 3, name: 'internal', constraints: [{ contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@acme.com'] }], createdAt: '2024-01-03T00:00:00.000Z', usedInFeatures: 1 },
    ]);
    await screen.findByText('3 segments on this instance');
    const names = () => screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]?.querySelector('a')?.textContent);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'u-481' } });
    expect(names()).toEqual(['beta-users']);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'european' } });
    expect(names()).toEqual(['eu']);
    expect(screen.getByText('1 of 3 segments on this instance')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Unused only'));
    expect(names()).toEqual(['eu']);
    fireEvent.click(screen.getByLabelText('Unused only'));
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'usage' } });
    expect(names()).toEqual(['beta-users', 'internal', 'eu']);
    expect(router.state.location.search).toBe('?sort=usage');
  });

  it('expands a long value list in place', async () => {
    const values = Array.from({ length: 12 }, (_, i) => `user-${i}`);
    withSegments([{ id: 1, name: 'many', constraints: [{ contextName: 'userId', operator: 'IN', values }], createdAt: '2024-01-01T00:00:00.000Z' }]);
    const more = await screen.findByRole('button', { name: '+9 more' });
    expect(screen.queryByText('"user-11"')).toBeNull();
    fireEvent.click(more);
    expect(screen.getByText('"user-11"')).toBeTruthy();
  });

  it('says so when there are no segments', async () => {
    withSegments([]);
    expect(await screen.findByText('No segments yet')).toBeTruthy();
  });

  it("shows the server's message beside the cause when loading fails", async () => {
    withSegments(new ApiError(403, 'NoAccessError', 'You need permission READ_SEGMENT'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Loading segments failed: the server refused it (HTTP 403, not allowed)');
    expect(alert.textContent).toContain('You need permission READ_SEGMENT');
    expect(alert.textContent).toContain('HTTP 403 · NoAccessError');
  });
});
