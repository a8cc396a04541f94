import { describe, expect, it } from 'vitest';
import type { ServerCapabilities } from '../schemas/capabilities';
import { serverCapabilitiesSchema } from '../schemas/capabilities';
import { cannotDo, capabilityLines, limitationOf } from './capabilities';

const v8: ServerCapabilities = {
  version: '8.2.0',
  eventSearch: 'search-events',
  seedEventSearch: false,
  corsWrite: 'ui-config-cors',
  archive: true,
  revive: true,
  playground: true,
  advancedPlayground: true,
};
const old: ServerCapabilities = { ...v8, version: '4.22.0', eventSearch: 'events-list', corsWrite: 'none', revive: false, advancedPlayground: false };

describe('capabilities for the screens', () => {
  it('a server that can do everything: no screen is told otherwise, no limitation shown', () => {
    for (const line of capabilityLines(v8)) {
      expect(line.supported).toBe(true);
      expect(cannotDo(v8, line.operation)).toBeUndefined();
      expect(limitationOf(v8, line.operation)).toBeUndefined();
    }
  });

  it('names what an older server cannot do, with its version', () => {
    expect(cannotDo(old, 'corsWrite')).toBe('This server (Unleash 4.22.0) cannot change the frontend API CORS origins.');
    expect(cannotDo(old, 'revive')).toBe('This server (Unleash 4.22.0) cannot revive archived flags in batches.');
    expect(cannotDo(old, 'archive')).toBeUndefined();
  });

  it('says when the app searches events itself', () => {
    expect(limitationOf(old, 'eventSearch')).toContain('newest 100 events only');
    expect(limitationOf({ ...v8, eventSearch: 'events-search' }, 'eventSearch')).toContain('10,000');
  });

  it('unknown capabilities (the demo backend) never block a screen', () => {
    expect(cannotDo(undefined, 'corsWrite')).toBeUndefined();
  });

  it('lists every operation once for the test report', () => {
    const lines = capabilityLines(old);
    expect(lines.map((l) => l.operation)).toEqual(['eventSearch', 'corsWrite', 'archive', 'revive', 'playground']);
    expect(lines.find((l) => l.operation === 'corsWrite')?.text).toBe('CORS origins: no, this server cannot change the frontend API CORS origins.');
  });

  it('the report schema refuses an unknown way of searching', () => {
    expect(serverCapabilitiesSchema.safeParse({ ...v8, eventSearch: 'guess' }).success).toBe(false);
    expect(serverCapabilitiesSchema.parse(v8)).toEqual(v8);
  });
});
