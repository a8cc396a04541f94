import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { ActivityHistogram } from './activity-histogram';

// the chart's code (uPlot) arrives when the test lets it: until then the box is what the user sees
let arrive: () => void = () => undefined;
const arrived = new Promise<void>((resolve) => (arrive = resolve));
vi.mock('./activity-chart', async () => {
  await arrived;
  return { default: () => <canvas data-testid="bars" /> };
});

it('says the chart is being drawn while its code loads, then shows the bars in that box', async () => {
  const histogram = { days: 1, buckets: [{ from: '2026-05-01', to: '2026-05-01', count: 3 }, { from: '2026-05-02', to: '2026-05-02', count: 5 }] };
  render(<ActivityHistogram histogram={histogram} onRange={() => undefined} />);
  expect(screen.getByText('Drawing the chart…')).toBeTruthy();
  expect(screen.getByText('8 events, per day')).toBeTruthy();
  arrive();
  expect(await screen.findByTestId('bars')).toBeTruthy();
  expect(screen.queryByText('Drawing the chart…')).toBeNull();
});
