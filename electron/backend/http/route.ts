import type { z } from 'zod';
import { emptyResponse, jsonResponse, type WireResponse } from './wire-response';

/**
 * One admin route: Express-style path (`:name` segments), the request schemas Unleash's OpenAPI spec declares for
 * it, and the handler that calls the backend. POST and PUT routes require a JSON content type.
 */
export interface RouteSpec<P, Q, B> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** Unleash's own route option: a POST that takes no body accepts any (or no) content type (on/off switches). */
  acceptAnyContentType?: boolean;
  handle(input: { params: P; query: Q; body: B }): Promise<WireResponse>;
}

export type Route = RouteSpec<unknown, unknown, unknown>;

type RawParams = Record<string, string>;

/** Keeps each route's handler typed by its own schemas while the router holds them all alike. */
export function route<P = RawParams, Q = RawParams, B = unknown>(spec: RouteSpec<P, Q, B>): Route {
  return spec as unknown as Route;
}

export const reply = {
  json: (status: number, value: unknown, location?: string): WireResponse =>
    jsonResponse(status, value, location === undefined ? {} : { Location: location }),
  empty: (status: number): WireResponse => emptyResponse(status),
};

export interface RouteMatch {
  route: Route;
  params: RawParams;
}

/**
 * First route whose method and path match, in declaration order (as Express does, so literal segments such as
 * `/segments/strategies/...` are declared before `/segments/:id`). A trailing slash is tolerated, as Express's
 * non-strict routing does. Throws URIError for an undecodable parameter.
 */
export function matchRoute(routes: readonly Route[], method: string, pathname: string): RouteMatch | undefined {
  const actual = trimSlash(pathname).split('/');
  for (const candidate of routes) {
    if (candidate.method !== method) continue;
    const pattern = candidate.path.split('/');
    if (pattern.length !== actual.length) continue;
    const params: RawParams = {};
    let matched = true;
    for (let index = 0; index < pattern.length && matched; index++) {
      const expected = pattern[index] ?? '';
      const segment = actual[index] ?? '';
      if (expected.startsWith(':')) {
        if (segment === '') matched = false;
        else params[expected.slice(1)] = decodeURIComponent(segment);
      } else if (expected !== segment) {
        matched = false;
      }
    }
    if (matched) return { route: candidate, params };
  }
  return undefined;
}

function trimSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}
