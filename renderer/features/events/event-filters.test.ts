import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../shared/domain/event-types';
import { filtersFromSearch, filtersToParams, filtersToSearch, groupEventTypes } from './event-filters';

describe('event filters in the URL', () => {
  it('round-trips through the query string and keeps other parameters', () => {
    const filters = { types: ['segment-updated', 'strategy-updated'], project: 'default', from: '2020-01-01', to: '2026-06-01', text: 'a b&c' };
    const search = filtersToSearch(filters, new URLSearchParams('event=42&type=old'));
    expect(search.get('event')).toBe('42');
    expect(filtersFromSearch(search)).toEqual(filters);
  });

  it('ignores a malformed date rather than sending the server a bad filter', () => {
    expect(filtersFromSearch(new URLSearchParams('from=yesterday&to=2026-02-01'))).toEqual({ types: [], to: '2026-02-01' });
  });

  it('becomes the server search parameters, several types with IS_ANY_OF', () => {
    expect(filtersToParams({ types: ['segment-updated', 'strategy-updated'], createdBy: '-42', from: '2020-01-01', text: 'beta' })).toEqual({
      type: 'IS_ANY_OF:segment-updated,strategy-updated',
      createdBy: 'IS:-42',
      from: 'IS:2020-01-01',
      query: 'beta',
    });
    expect(filtersToParams({ types: ['segment-created'], feature: 'checkout' })).toEqual({ type: 'IS:segment-created', feature: 'IS:checkout' });
  });

  it('groups every seed type, segments with segments', () => {
    const groups = groupEventTypes(EVENT_TYPES);
    expect(groups.flatMap((group) => group.types).sort()).toEqual([...EVENT_TYPES].sort());
    expect(groups.find((group) => group.group === 'Segments')?.types).toEqual(['segment-created', 'segment-updated', 'segment-deleted', 'segment-import']);
  });
});
