import { expect } from 'vitest';
import { area } from './scenario';
import { noToken, notFound, wrongToken } from './common';

const segmentsListed = (json: unknown): void => expect(json).toMatchObject({ segments: expect.any(Array) });

/** Probe "Authentication": every admin route wants the admin token, raw or as a Bearer value. */
export const authArea = area<null>({
  name: 'auth',
  setup: async () => null,
  scenarios: [
    { name: 'no Authorization header', request: { method: 'GET', path: '/api/admin/segments', token: null }, expect: noToken() },
    { name: 'wrong token', request: { method: 'GET', path: '/api/admin/segments', token: '*:*.wrong-token' }, expect: wrongToken() },
    { name: 'empty token', request: { method: 'GET', path: '/api/admin/segments', token: '' }, expect: noToken() },
    {
      name: "'Bearer ' + admin token is accepted",
      request: { method: 'GET', path: '/api/admin/segments', bearer: true },
      expect: { status: 200, body: segmentsListed },
    },
    { name: 'admin token', request: { method: 'GET', path: '/api/admin/segments' }, expect: { status: 200, body: segmentsListed } },
    { name: 'no token, GET /api/admin/events', request: { method: 'GET', path: '/api/admin/events', token: null }, expect: noToken() },
    {
      name: 'wrong token, POST /api/admin/segments',
      request: { method: 'POST', path: '/api/admin/segments', body: { name: 'x', constraints: [] }, token: 'nope' },
      expect: wrongToken(),
    },
    {
      name: 'unknown admin path',
      request: { method: 'GET', path: '/api/admin/no-such-thing' },
      expect: notFound('The path you were looking for (/api/admin/no-such-thing) is not available.'),
    },
  ],
});
