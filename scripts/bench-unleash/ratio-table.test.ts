import { describe, expect, it } from 'vitest';
import { formatRatioTable, median, ratioRow } from './ratio-table';

describe('the Unleash comparison table', () => {
  it('takes the median of the runs and divides Unleash by Flagdesk, with a dash where one side has no figure', () => {
    expect(median([900, 120, 300, 150, 2000])).toBe(300);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const rows = [
      ratioRow('segments list visible', 'ms', median([1800, 2100, 2400]), median([300, 250, 400]), 'median of 3'),
      ratioRow('full sync of the local copy', 's', null, 22.04, '100,305 events'),
      ratioRow('memory PSS', 'MiB', 266.4, 532.8, 'Unleash node + PostgreSQL'),
    ];
    expect(rows.map((row) => row.ratio)).toEqual([7, null, 0.5]);
    const lines = formatRatioTable(rows, 'Unleash 8.2.0').split('\n');
    expect(lines[0]).toMatch(/^measurement +\| Unleash 8\.2\.0 \| Flagdesk \| ratio \| details$/);
    expect(lines[2]).toMatch(/segments list visible +\| +2,100 ms \| +300 ms \| 7\.00x \| median of 3/);
    expect(lines[3]).toMatch(/full sync of the local copy +\| +- \| +22\.0 s \| +- \| 100,305 events/);
    expect(lines[4]).toMatch(/memory PSS +\| +266 MiB \| +533 MiB \| 0\.50x \|/);
  });
});
