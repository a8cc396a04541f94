import { expect } from 'vitest';
import { isValidOrigin } from '../../../shared/domain/origin';
import { backendArea, type BackendScenario } from './scenario';

/** Front-end API origins: 6.x writes POST /ui-config, 7+/8.x POST /ui-config/cors; both answer alike. */
type Fx = null;

const origins = (value: unknown): unknown => (value as { frontendApiOrigins?: unknown }).frontendApiOrigins;
const setTo = (list: string[]): BackendScenario<Fx>[] => [
  {
    name: `set origins ${JSON.stringify(list)}`,
    run: (b) => b.setFrontendApiOrigins({ origins: list }),
    expect: { succeeds: true, events: () => [{ type: 'setting-updated', data: { id: 'unleash.frontend', frontendApiOrigins: list } }] },
  },
  {
    name: `ui-config shows ${JSON.stringify(list)}`,
    arrange: (b) => b.setFrontendApiOrigins({ origins: list }),
    run: (b) => b.getUiConfig(),
    expect: { result: (value) => expect(origins(value)).toEqual(list) },
  },
];
const rejected = (origin: string): BackendScenario<Fx> => ({
  name: `reject origin ${JSON.stringify(origin)}`,
  run: (b) => b.setFrontendApiOrigins({ origins: [origin] }),
  expect: { error: { status: 400, name: 'BadDataError', message: `Invalid origin: ${origin}` } },
});

const scenarios: BackendScenario<Fx>[] = [
  {
    name: 'ui-config: version, edition and limits',
    run: (b) => b.getUiConfig(),
    expect: {
      result: (value) => {
        expect(value).toMatchObject({ version: expect.any(String), environment: 'Open Source' });
        expect(Array.isArray(origins(value))).toBe(true);
      },
    },
  },
  // a fresh server's first write records setting-created; start from a known state
  { name: "set origins ['*'] (known state)", run: (b) => b.setFrontendApiOrigins({ origins: ['*'] }), expect: { succeeds: true } },
  ...setTo(['https://example.com', 'http://localhost:3000']),
  rejected('not a url'),
  rejected('https://example.com/path'),
  rejected('https://example.com/'),
  {
    name: 'a rejected write changes nothing',
    arrange: async (b) => {
      await b.setFrontendApiOrigins({ origins: ['https://example.com', 'http://localhost:3000'] });
      await b.setFrontendApiOrigins({ origins: ['not a url'] }).catch(() => undefined);
    },
    run: (b) => b.getUiConfig(),
    expect: { result: (value) => expect(origins(value)).toEqual(['https://example.com', 'http://localhost:3000']) },
  },
  ...setTo(['*', 'https://example.com']),
  ...setTo([]),
  ...setTo(['*']),
  {
    name: 'the shared origin rule agrees with the server on these inputs',
    run: async () => ['https://example.com', 'http://localhost:3000', '*'].every(isValidOrigin) && !['not a url', 'https://example.com/'].some(isValidOrigin),
    expect: { result: (value) => expect(value).toBe(true) },
  },
];

export const uiConfigBackend = backendArea<Fx>({
  name: 'ui-config',
  // a fresh server's first write records setting-created, later ones setting-updated: write once, so any scenario runs alone
  setup: async (b) => {
    await b.setFrontendApiOrigins({ origins: ['*'] });
    return null;
  },
  scenarios,
});
