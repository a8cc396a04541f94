import { expect } from 'vitest';
import type { WireExpect, WireScenario } from './scenario';

/** The answers every endpoint shares (docs/server-behaviour.md#request-pipeline), as expectation builders. */

export const NO_AUTH_MESSAGE = 'Your request had no authorization header';

export function badData<Fx>(detail: string, detailPath?: string): WireExpect<Fx> {
  return { status: 400, name: 'BadDataError', detail, ...(detailPath ? { detailPath } : {}) };
}

/** body-parser's answer: `{message}` only, no name, no details. Its wording depends on the Node version. */
export function malformedJson<Fx>(): WireExpect<Fx> {
  return { status: 400, body: (json) => expect(json).toEqual({ message: expect.any(String) }) };
}

export function contentType<Fx>(sent: 'text/plain' | null): WireExpect<Fx> {
  const said = sent === null ? "(you didn't provide one)" : `(${sent})`;
  return { status: 415, name: 'ContentTypeError', message: `We do not accept the content-type you provided ${said}` };
}

export function noToken<Fx>(): WireExpect<Fx> {
  return { status: 401, name: 'AuthenticationRequired', message: NO_AUTH_MESSAGE };
}

export function wrongToken<Fx>(): WireExpect<Fx> {
  return { status: 401, name: 'UnauthorizedError', message: 'You must log in to use Unleash.' };
}

export function notFound<Fx>(message: string): WireExpect<Fx> {
  return { status: 404, name: 'NotFoundError', message };
}

/** 8.x removed a 6.x route: it answers the route 404 for every body it can parse. */
export function removedOn8<Fx>(path: string): WireExpect<Fx> {
  return notFound(`The path you were looking for (${path}) is not available.`);
}

/** The rows every JSON write shares: malformed JSON, text/plain, (optionally) no content type, no token. */
export function transportRows<Fx>(
  label: string,
  method: 'POST' | 'PUT',
  path: string | ((fx: Fx) => string),
  validBody: unknown,
  options: { noContentType?: boolean; removedOn8?: string } = {},
): WireScenario<Fx>[] {
  const at = (fx: Fx): string => (typeof path === 'function' ? path(fx) : path);
  const removed = options.removedOn8 ? removedOn8<Fx>(options.removedOn8) : undefined;
  const rows: WireScenario<Fx>[] = [
    { name: `${label}: malformed JSON`, request: (fx) => ({ method, path: at(fx), raw: '{' }), expect: malformedJson() },
    {
      name: `${label}: text/plain body`,
      request: (fx) => ({ method, path: at(fx), raw: JSON.stringify(validBody), contentType: 'text/plain' }),
      expect: contentType('text/plain'),
      ...(removed ? { v8: removed } : {}),
    },
  ];
  if (options.noContentType) {
    rows.push({
      name: `${label}: JSON bytes without a content type`,
      request: (fx) => ({ method, path: at(fx), raw: JSON.stringify(validBody), contentType: null }),
      expect: contentType(null),
      ...(removed ? { v8: removed } : {}),
    });
  }
  rows.push({
    name: `${label}: no token`,
    request: (fx) => ({ method, path: at(fx), body: validBody, token: null }),
    expect: noToken(),
  });
  return rows;
}
