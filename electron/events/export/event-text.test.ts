import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventSlices } from './event-text';

const event = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 });

describe('eventSlices: the texts of the events of a search answer, as sent', () => {
  it('gives each event of any page its own text, whatever its strings hold (quotes, braces, backslashes)', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 8 }), fc.constantFrom(undefined, 2), (events, indent) => {
        const text = JSON.stringify({ before: { events: [{ a: 1 }] }, events, total: events.length }, null, indent);
        const slices = eventSlices(text);
        expect(slices?.map((slice) => JSON.parse(slice) as unknown)).toEqual(events.map((e) => JSON.parse(JSON.stringify(e)) as unknown));
        if (indent === undefined) expect(slices).toEqual(events.map((e) => JSON.stringify(e)));
      }),
      { numRuns: 500 },
    );
  });

  it('only the top-level "events" key counts: a value "events" or a nested key does not', () => {
    expect(eventSlices('{"kind":"events","x":{"events":[{"no":1}]},"events":[{"id":1},{"id":2,"s":"}],{"}],"total":2}')).toEqual([
      '{"id":1}',
      '{"id":2,"s":"}],{"}',
    ]);
    expect(eventSlices('{"events":[{"s":"a\\\\"},{"t":"\\"}"}]}')).toEqual(['{"s":"a\\\\"}', '{"t":"\\"}"}']);
  });

  it('gives up on a body it cannot follow, so the export serialises the parsed events instead', () => {
    for (const text of ['{"total":0}', '{"events":{}}', '{"events":[1,2]}', '{"events":[{"id":1}],"events":[]}', '{"events":[{"id":"1}]}', '{"events":[{"id":1}']) {
      expect(eventSlices(text)).toBeUndefined();
    }
  });
});
