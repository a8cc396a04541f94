import { describe, expect, it } from 'vitest';
import type { InstanceContent } from '../../schemas';
import { readBundle, selectContent, writeBundle } from './bundle';

const content: InstanceContent = {
  segments: [{ name: 'beta', description: '', project: null, constraints: [] }, { name: 'eu', description: '', project: 'web', constraints: [] }],
  strategyTypes: [],
  contextFields: [{ name: 'plan', description: '', stickiness: false, legalValues: [] }],
  corsOrigins: ['https://a.example', 'https://b.example'],
  projects: ['default', 'web'],
};
const source = { name: 'Production', serverVersion: '8.2.0' };

describe('bundles', () => {
  it('reads back what it writes, versioned, with no ids', () => {
    const text = writeBundle(content, source, new Date('2026-01-02T03:04:05Z'));
    expect(text).not.toMatch(/"id"/);
    const reading = readBundle(text);
    expect(reading).toEqual({ ok: true, bundle: { format: 'flagdesk-bundle', version: 1, exportedAt: '2026-01-02T03:04:05.000Z', source, content } });
  });

  it('reads back what a server holds beyond the app’s form limits: a 300-character segment name, 2,000 values', () => {
    const long: InstanceContent = {
      ...content,
      segments: [{ name: 'L'.repeat(300), description: 'd'.repeat(3000), project: null, constraints: [{ contextName: 'userId', operator: 'IN', values: Array.from({ length: 2000 }, (_, i) => `u${i}`), value: null, inverted: false, caseInsensitive: false }] }],
    };
    expect(readBundle(writeBundle(long, source, new Date()))).toMatchObject({ ok: true, bundle: { content: long } });
  });

  it('refuses a newer format version, naming both versions', () => {
    const text = writeBundle(content, source, new Date()).replace('"version": 1', '"version": 2');
    expect(readBundle(text)).toEqual({ ok: false, reason: expect.stringContaining('newer Flagdesk (format version 2; this one reads version 1)') });
  });

  it('refuses a damaged file with where and why', () => {
    expect(readBundle('{"format": "flagdesk-bundle", "vers')).toEqual({ ok: false, reason: expect.stringContaining('not JSON') });
    expect(readBundle('{"hello": 1}')).toEqual({ ok: false, reason: expect.stringContaining('not a Flagdesk bundle') });
    const cut = JSON.parse(writeBundle(content, source, new Date())) as { content: { segments: unknown[] } };
    cut.content.segments = [{ name: 'x' }];
    const reading = readBundle(JSON.stringify(cut));
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.reason).toMatch(/^The bundle is damaged at content\.segments\.0\.description/);
    expect(readBundle(JSON.stringify({ format: 'flagdesk-bundle', version: 'one' }))).toEqual({ ok: false, reason: expect.stringContaining('"version" is not a format version') });
  });

  it('exports a selection: whole kinds or single items, other kinds left out (null)', () => {
    const kinds = selectContent(content, ['segments']);
    expect(kinds.segments).toHaveLength(2);
    expect(kinds.contextFields).toBeNull();
    const items = selectContent(content, undefined, [{ kind: 'segments', name: 'eu' }, { kind: 'corsOrigins', name: 'https://b.example' }]);
    expect(items.segments?.map((segment) => segment.name)).toEqual(['eu']);
    expect(items.corsOrigins).toEqual(['https://b.example']);
    expect(items.strategyTypes).toBeNull();
    expect(items.projects).toEqual(['default', 'web']);
  });
});
