import type { FixturedBackend } from '../instance-fixtures';
import { badDataDetails } from '../errors';
import type { JsonTextReads } from './json-text-reads';
import { frontendPreflight, isFrontendPreflight } from './frontend-preflight';
import { authenticate, checkContentType, header, parseRequestJson, unknownPath } from './pipeline-checks';
import { matchRoute, type Route } from './route';
import { archiveRoutes } from './routes/archive-routes';
import { eventRoutes } from './routes/event-routes';
import { projectRoutes } from './routes/project-routes';
import { segmentRoutes } from './routes/segment-routes';
import { strategyTypeRoutes } from './routes/strategy-type-routes';
import { uiConfigRoutes } from './routes/ui-config-routes';
import { playgroundRoutes } from './routes/playground-routes';
import { validatePart, type RequestPart } from './validation-details';
import { bareErrorResponse, jsonResponse, responseForThrown, type WireResponse } from './wire-response';

/**
 * Serves any AdminBackend as Unleash 6.10.1's admin REST API, without sockets (serve.ts adds them), so tests can
 * run it in-process. The steps run in Unleash's order (docs/server-behaviour.md#request-pipeline): body parsing, authentication, routing,
 * content type, request validation, the backend call, error mapping.
 */

export interface WireRequest {
  method: string;
  /** With the query string. */
  path: string;
  headers: Record<string, string | undefined>;
  body?: string;
}

export interface FaceOptions {
  /** The one accepted admin token. */
  token: string;
  /** Reads the backend answers as JSON text (json-text-reads.ts); without them every answer is serialised here. */
  jsonTexts?: JsonTextReads;
}

export type RequestHandler = (req: WireRequest) => Promise<WireResponse>;

export function createRequestHandler(backend: FixturedBackend, options: FaceOptions): RequestHandler {
  const routes: Route[] = [
    ...segmentRoutes(backend),
    ...eventRoutes(backend, options.jsonTexts),
    ...strategyTypeRoutes(backend),
    ...projectRoutes(backend),
    ...archiveRoutes(backend),
    ...uiConfigRoutes(backend),
    ...playgroundRoutes(backend),
  ];
  return async (req) => {
    try {
      const pathname = req.path.split('?')[0] ?? '';
      if (isFrontendPreflight(req.method.toUpperCase(), pathname)) {
        return await frontendPreflight(backend, (name) => header(req.headers, name));
      }
      return await handle(routes, options, req);
    } catch (thrown) {
      return responseForThrown(thrown);
    }
  };
}

/** As Express's query parser: a repeated key becomes an array, so the schemas reject it as Unleash's ajv does. */
function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    query[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return query;
}

async function handle(routes: readonly Route[], options: FaceOptions, req: WireRequest): Promise<WireResponse> {
  const method = req.method.toUpperCase();
  // Split by hand: URL parsing would read a path such as `//host/x` as another origin.
  const queryAt = req.path.indexOf('?');
  const pathname = queryAt === -1 ? req.path : req.path.slice(0, queryAt);
  const search = new URLSearchParams(queryAt === -1 ? '' : req.path.slice(queryAt + 1));

  if (pathname === '/health' && (method === 'GET' || method === 'HEAD')) return jsonResponse(200, { health: 'GOOD' });

  const contentType = header(req.headers, 'content-type');
  // Parsed before anything else, so malformed JSON answers 400 even on unknown paths or without a token.
  const body = parseRequestJson(req.body, contentType);
  if (!body.ok) return body.response;

  if (!pathname.startsWith('/api/')) return unknownPath(pathname);
  const denied = authenticate(header(req.headers, 'authorization'), options.token);
  if (denied) return denied;

  let match;
  try {
    // Express routes HEAD like GET.
    match = matchRoute(routes, method === 'HEAD' ? 'GET' : method, pathname);
  } catch {
    return bareErrorResponse(400, `Failed to decode param '${pathname}'`);
  }
  if (!match) return unknownPath(pathname);
  const { route, params } = match;

  if ((route.method === 'POST' || route.method === 'PUT') && route.acceptAnyContentType !== true) {
    const rejected = checkContentType(contentType);
    if (rejected) return rejected;
  }

  // Path parameters first, then the query, then the body: the first failure is the one reported.
  const input: Record<RequestPart, unknown> = {
    params,
    query: queryObject(search),
    body: body.value,
  };
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = route[part];
    if (!schema) continue;
    const result = validatePart(part, schema, input[part]);
    if (!result.ok) throw badDataDetails([result.detail]);
    input[part] = result.value;
  }
  return route.handle({ params: input.params, query: input.query, body: input.body });
}
