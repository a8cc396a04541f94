import { describe, expect, it } from 'vitest';
import { row, todo } from './rows';
import { formatTable } from './table';

describe('bench rows and table', () => {
  it('judges a figure against its budget and shows OVER in the table', () => {
    const fast = row('search', 3.2, 'ms', { max: 5, text: 'p50 < 5 ms' }, { p95: 4.1, runs: 50 });
    const slow = row('query', 151, 'ms', { max: 150, text: 'p50 < 150 ms' });
    const ops = row('throughput', 900, 'ops/s', { min: 1000, text: '>= 1000 ops/s' });
    expect([fast.status, slow.status, ops.status]).toEqual(['pass', 'over', 'over']);
    expect(row('info only', 1, 'ms').status).toBe('info');
    // "<= 1.10x": the bound itself passes only where the budget says so
    expect(row('ratio', 1.1, 'x', { max: 1.1, inclusive: true, text: '<= 1.10x' }).status).toBe('pass');
    expect(row('ratio', 1.1, 'x', { max: 1.1, text: '< 1.10x' }).status).toBe('over');

    const table = formatTable([
      { module: 'events', row: fast },
      { module: 'events', row: slow },
      { module: 'demo', row: todo('ready', 'TODO: not built yet', { max: 150, text: '< 150 ms' }) },
    ]);
    const lines = table.split('\n');
    expect(lines[2]).toMatch(/events: search .*3\.20 ms .*p50 < 5 ms .*pass .*p95=4\.10, runs=50/);
    expect(lines[3]).toMatch(/events: query .*151 ms .*OVER/);
    expect(lines[4]).toMatch(/demo: ready .*-.*< 150 ms .*todo .*TODO: not built yet/);
  });
});
