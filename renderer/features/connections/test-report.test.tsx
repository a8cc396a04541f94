import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestReport } from './test-report';

afterEach(cleanup);

const v5 = {
  version: '5.12.8',
  eventSearch: 'events-search',
  seedEventSearch: true,
  corsWrite: 'none',
  archive: true,
  revive: true,
  playground: true,
  advancedPlayground: true,
} as const;

describe('TestReport', () => {
  it('lists what the server supports, what it cannot do and where the app does part of the work', () => {
    render(<TestReport report={{ ok: true, reachable: true, version: '5.12.8', message: 'Connected.', capabilities: v5 }} />);
    const list = within(screen.getByTestId('report-capabilities'));
    expect(list.getAllByRole('listitem')).toHaveLength(5);
    expect(list.getByText(/CORS origins: no, this server cannot change/)).toBeTruthy();
    expect(list.getByText(/Flagdesk filters and counts the matches itself/)).toBeTruthy();
  });

  it('shows no list when the server could not be asked', () => {
    render(<TestReport report={{ ok: false, reachable: false, message: 'Refused.' }} />);
    expect(screen.queryByTestId('report-capabilities')).toBeNull();
  });
});
