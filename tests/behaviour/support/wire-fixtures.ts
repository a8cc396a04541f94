import type { Send, WireRequest, WireResponse } from './wire-client';
import { unique } from './run-id';

/** Fixture writes over the wire; any unexpected answer stops the area with the server's words. */
export async function must(send: Send, request: WireRequest, statuses: number[]): Promise<WireResponse> {
  const response = await send(request);
  if (!statuses.includes(response.status)) {
    throw new Error(`fixture ${request.method} ${request.path} answered ${response.status}: ${response.text.slice(0, 300)}`);
  }
  return response;
}

export async function createFeature(send: Send, prefix: string, project = 'default'): Promise<string> {
  const name = unique(prefix);
  await must(send, { method: 'POST', path: `/api/admin/projects/${project}/features`, body: { name } }, [201]);
  return name;
}

export async function addStrategy(
  send: Send,
  feature: string,
  body: Record<string, unknown> = { name: 'default', constraints: [], parameters: {} },
  environment = 'development',
): Promise<string> {
  const response = await must(
    send,
    { method: 'POST', path: `/api/admin/projects/default/features/${feature}/environments/${environment}/strategies`, body },
    [200, 201],
  );
  return (response.json as { id: string }).id;
}

export async function createSegment(send: Send, body: Record<string, unknown>): Promise<number> {
  const response = await must(send, { method: 'POST', path: '/api/admin/segments', body }, [201]);
  return (response.json as { id: number }).id;
}

export async function createStrategyType(send: Send, prefix: string): Promise<string> {
  const name = unique(prefix);
  const parameters = [{ name: 'p1', type: 'string', description: 'd', required: false }];
  await must(send, { method: 'POST', path: '/api/admin/strategies', body: { name, description: 'custom', parameters } }, [201]);
  return name;
}

export async function addDependency(send: Send, child: string, parent: string): Promise<void> {
  await must(
    send,
    { method: 'POST', path: `/api/admin/projects/default/features/${child}/dependencies`, body: { feature: parent, enabled: true } },
    [200],
  );
}

export async function getJson(send: Send, path: string): Promise<unknown> {
  return (await must(send, { method: 'GET', path }, [200])).json;
}

/** Turns a flag on in an environment (POST .../environments/{env}/on). */
export async function enableIn(send: Send, feature: string, environment = 'development'): Promise<void> {
  await must(send, { method: 'POST', path: `/api/admin/projects/default/features/${feature}/environments/${environment}/on`, body: {} }, [200]);
}

/** Makes sure a context field exists (6.x and 7.x refuse constraints on unknown fields; the demo seeds its own). */
export async function ensureContextField(send: Send, name: string): Promise<void> {
  const fields = (await getJson(send, '/api/admin/context')) as { name: string }[];
  if (fields.some((field) => field.name === name)) return;
  await must(send, { method: 'POST', path: '/api/admin/context', body: { name } }, [201]);
}
