import { expect } from 'vitest';
import { area, type WireExpect, type WireScenario } from './scenario';
import { badData, notFound, removedOn8, transportRows } from './common';

/** Probe "UI config": GET /ui-config, the 6.x POST /ui-config, and POST /ui-config/cors (both versions). */
type Fx = null;

const UI = '/api/admin/ui-config';
const CORS = '/api/admin/ui-config/cors';
const gone = removedOn8<Fx>(UI);

const origins = (list: unknown) => ({ frontendSettings: { frontendApiOrigins: list } });
const shows = (list: string[]): WireScenario<Fx> => ({
  name: `GET ui-config shows ${JSON.stringify(list)}`,
  arrange: (send) => send({ method: 'POST', path: CORS, body: { frontendApiOrigins: list } }),
  request: { method: 'GET', path: UI },
  expect: { status: 200, body: (json) => expect((json as { frontendApiOrigins: unknown }).frontendApiOrigins).toEqual(list) },
});
const stored = (list: string[]): WireExpect<Fx> => ({
  status: 204,
  empty: true,
  events: () => [{ type: 'setting-updated', data: { id: 'unleash.frontend', frontendApiOrigins: list } }],
});
const invalid = (origin: string): WireExpect<Fx> => ({
  status: 400,
  name: 'BadDataError',
  message: `Request validation failed: your request body or params contain invalid data: Invalid origin: ${origin}`,
  detail: `Invalid origin: ${origin}`,
  noEventsMentioning: () => 'unleash.frontend',
});

/** 6.x only: on 8.x each is the route 404 (asserted), and the GET that follows would show nothing new. */
const legacy: WireScenario<Fx>[] = [
  { name: "ui-config: ['*'] (start from a known state)", request: { method: 'POST', path: UI, body: origins(['*']) }, expect: { status: 204 }, v8: gone },
  {
    name: 'ui-config: two valid origins',
    request: { method: 'POST', path: UI, body: origins(['https://example.com', 'http://localhost:3000']) },
    expect: stored(['https://example.com', 'http://localhost:3000']),
    v8: gone,
  },
  { ...shows(['https://example.com', 'http://localhost:3000']), v8: 'skip' },
  { name: "ui-config: ['*']", request: { method: 'POST', path: UI, body: origins(['*']) }, expect: stored(['*']), v8: gone },
  { name: "ui-config: 'not a url'", request: { method: 'POST', path: UI, body: origins(['not a url']) }, expect: invalid('not a url'), v8: gone },
  { name: 'ui-config: origin with a path', request: { method: 'POST', path: UI, body: origins(['https://example.com/path']) }, expect: invalid('https://example.com/path'), v8: gone },
  { name: 'ui-config: origin with a trailing slash', request: { method: 'POST', path: UI, body: origins(['https://example.com/']) }, expect: invalid('https://example.com/'), v8: gone },
  { ...shows(['*']), v8: 'skip' },
  { name: "ui-config: mixed '*' and a url", request: { method: 'POST', path: UI, body: origins(['*', 'https://example.com']) }, expect: stored(['*', 'https://example.com']), v8: gone },
  { ...shows(['*', 'https://example.com']), v8: 'skip' },
  { name: 'ui-config: empty list', request: { method: 'POST', path: UI, body: origins([]) }, expect: stored([]), v8: gone },
  { ...shows([]), v8: 'skip' },
  {
    name: 'ui-config: frontendSettings without frontendApiOrigins',
    request: { method: 'POST', path: UI, body: { frontendSettings: {} } },
    expect: badData('The `/body/frontendSettings/frontendApiOrigins` property is required.', '/body/frontendSettings/frontendApiOrigins'),
    v8: gone,
  },
  { name: 'ui-config: {} (no frontendSettings)', request: { method: 'POST', path: UI, body: {} }, expect: notFound('The requested resource could not be found'), v8: gone },
  {
    name: 'ui-config: origins as a string',
    request: { method: 'POST', path: UI, body: origins('*') },
    expect: badData('The `/body/frontendSettings/frontendApiOrigins` property must be array. You sent "*".', '/body/frontendSettings/frontendApiOrigins'),
    v8: gone,
  },
  { name: 'ui-config: a number as an origin', request: { method: 'POST', path: UI, body: origins([1]) }, expect: invalid('1'), v8: gone },
  {
    name: 'ui-config: unknown extra field',
    request: { method: 'POST', path: UI, body: { ...origins(['*']), bogus: 1 } },
    expect: badData('does not allow additional properties. Your request included the `/body/bogus` property.', '/body/bogus'),
    v8: gone,
  },
  ...transportRows<Fx>('ui-config', 'POST', UI, origins(['*']), { removedOn8: UI }),
];

const cors: WireScenario<Fx>[] = [
  // the first write of a fresh server records setting-created, later ones setting-updated
  { name: "cors: ['*'] (start from a known state)", request: { method: 'POST', path: CORS, body: { frontendApiOrigins: ['*'] } }, expect: { status: 204, empty: true } },
  { name: 'cors: a valid origin', request: { method: 'POST', path: CORS, body: { frontendApiOrigins: ['https://cors.example.com'] } }, expect: stored(['https://cors.example.com']) },
  shows(['https://cors.example.com']),
  { name: "cors: 'not a url'", request: { method: 'POST', path: CORS, body: { frontendApiOrigins: ['not a url'] } }, expect: invalid('not a url') },
  { name: "cors: ['*']", request: { method: 'POST', path: CORS, body: { frontendApiOrigins: ['*'] } }, expect: stored(['*']) },
  shows(['*']),
  {
    name: 'cors: origins as a string',
    request: { method: 'POST', path: CORS, body: { frontendApiOrigins: '*' } },
    expect: badData('The `/body/frontendApiOrigins` property must be array. You sent "*".', '/body/frontendApiOrigins'),
  },
  { name: 'cors: {}', request: { method: 'POST', path: CORS, body: {} }, expect: notFound('The requested resource could not be found') },
  shows(['*']),
  { name: 'cors: origin with a path', request: { method: 'POST', path: CORS, body: { frontendApiOrigins: ['https://example.com/path'] } }, expect: invalid('https://example.com/path') },
  { name: 'cors: origin with a trailing slash', request: { method: 'POST', path: CORS, body: { frontendApiOrigins: ['https://example.com/'] } }, expect: invalid('https://example.com/') },
  { name: 'cors: a number as an origin', request: { method: 'POST', path: CORS, body: { frontendApiOrigins: [1] } }, expect: invalid('1') },
  {
    name: 'cors: unknown extra field',
    request: { method: 'POST', path: CORS, body: { frontendApiOrigins: ['*'], bogus: 1 } },
    expect: badData('does not allow additional properties. Your request included the `/body/bogus` property.', '/body/bogus'),
  },
  ...transportRows<Fx>('cors', 'POST', CORS, { frontendApiOrigins: ['*'] }),
  { name: "cors: mixed '*' and a url", request: { method: 'POST', path: CORS, body: { frontendApiOrigins: ['*', 'https://example.com'] } }, expect: stored(['*', 'https://example.com']) },
  shows(['*', 'https://example.com']),
  { name: 'cors: empty list', request: { method: 'POST', path: CORS, body: { frontendApiOrigins: [] } }, expect: stored([]) },
  shows([]),
  { name: "cors: ['*'] (restore)", request: { method: 'POST', path: CORS, body: { frontendApiOrigins: ['*'] } }, expect: stored(['*']) },
  shows(['*']),
];

export const uiConfigArea = area<Fx>({
  name: 'ui-config',
  // a fresh server's first write records setting-created, later ones setting-updated: write once, so any scenario runs alone
  setup: async (send) => {
    await send({ method: 'POST', path: CORS, body: { frontendApiOrigins: ['*'] } });
    return null;
  },
  scenarios: [
    {
      name: 'GET ui-config: version, environment and origins',
      request: { method: 'GET', path: UI },
      expect: { status: 200, body: { version: expect.any(String), environment: 'Open Source', frontendApiOrigins: expect.any(Array) } },
    },
    {
      name: 'GET ui-config: no feedbackUriPath, the strategies-per-environment limit in resourceLimits',
      request: { method: 'GET', path: UI },
      expect: {
        status: 200,
        body: (json) => {
          expect(Object.keys(json as object)).not.toContain('feedbackUriPath');
          expect(json).toMatchObject({ resourceLimits: { featureEnvironmentStrategies: 30, segments: 300, strategySegments: 5 } });
        },
      },
    },
    ...legacy,
    ...cors,
  ],
});
