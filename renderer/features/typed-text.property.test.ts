import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAllOriginFixes, checkOrigin, originsDanger, reviewOrigins, splitPastedOrigins } from '../../shared/domain/origin';
import { constraintProblem, valueProblem, type ValueKind } from '../../shared/domain/operators';
import { parseIpv4 } from '../../shared/evaluation/ipv4';
import { filtersFromSearch, filtersToParams, filtersToSearch } from './events/event-filters';
import { parseContextsCsv } from './playground/csv-contexts';
import { splitValues } from '../components/values-input';

/**
 * Every parser of text a user types or pastes, held to one promise: arbitrary text (unicode, control characters,
 * CSV-ish punctuation, huge lines) never throws. A throw there would take its screen down.
 */
const punctuation = fc.constantFrom(',', '\n', '\r\n', '\r', '"', ' ', '\t', ';', ':', '/', '//', '*', '.', '%', '\u0000', '\u2028', '\uFEFF', 'http://', 'https://', '[', ']', '@', '#', '?', '__proto__');
const texty = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.array(fc.oneof(punctuation, fc.string(), fc.string({ unit: 'grapheme' })), { maxLength: 40 }).map((parts) => parts.join('')),
);
const huge = fc.tuple(fc.string({ minLength: 1, maxLength: 4 }), fc.integer({ min: 10_000, max: 60_000 })).map(([s, n]) => s.repeat(n));
const anyText = fc.oneof({ weight: 9, arbitrary: texty }, { weight: 1, arbitrary: huge });
const RUNS = { numRuns: 150 };

describe('typed and pasted text never throws', () => {
  it('CSV contexts (playground, Many contexts)', () => {
    fc.assert(fc.property(anyText, (text) => void parseContextsCsv(text)), RUNS);
  }, 120_000);

  it('paste-many values (segment editor)', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        for (const value of splitValues(text)) expect(typeof value).toBe('string');
      }),
      RUNS,
    );
  }, 120_000);

  it('values and dates of a constraint, for every kind', () => {
    const kinds: readonly ValueKind[] = ['string', 'number', 'date', 'semver', 'regex'];
    fc.assert(
      fc.property(fc.constantFrom(...kinds), anyText, (kind, text) => {
        const problem = valueProblem(kind, text);
        expect(problem === null || typeof problem === 'string').toBe(true);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.string(), fc.oneof(fc.constantFrom('IN', 'NOT_IN', 'STR_CONTAINS', 'NUM_EQ', 'NUM_GT', 'DATE_AFTER', 'DATE_BEFORE', 'SEMVER_EQ', 'REGEX'), fc.string()), fc.array(anyText, { maxLength: 5 }), anyText, (contextName, operator, values, value) => {
        void constraintProblem({ contextName, operator, values, value });
      }),
      RUNS,
    );
  }, 120_000);

  it('CORS lines: pasted, checked, fixed, reviewed', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const lines = splitPastedOrigins(text);
        for (const line of lines) void checkOrigin(line);
        void reviewOrigins(lines);
        void originsDanger(applyAllOriginFixes(lines));
      }),
      RUNS,
    );
  }, 120_000);

  it('event filter inputs (typed into the filter bar, or read back from the URL)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('type', 'q', 'project', 'feature', 'environment', 'createdBy', 'from', 'to'), anyText), (entries) => {
        const filters = filtersFromSearch(new URLSearchParams(entries));
        void filtersToParams(filters);
        void filtersToSearch(filters).toString();
      }),
      RUNS,
    );
  }, 120_000);

  it('IP addresses typed in the playground context', () => {
    fc.assert(fc.property(anyText, (text) => void parseIpv4(text)), RUNS);
  }, 120_000);
});
