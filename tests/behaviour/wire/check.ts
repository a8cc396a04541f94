import { expect } from 'vitest';
import { checkOutcome, expectStatus, type EventRecord } from '../support/outcome';
import type { Send, WireRequest, WireResponse } from '../support/wire-client';
import type { WireExpect } from './scenario';
import { checkResponseShape } from '../openapi/response-shape';

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  details?: { message?: unknown; path?: unknown }[];
}

async function eventLog(send: Send): Promise<EventRecord[]> {
  const response = await send({ method: 'GET', path: '/api/admin/events' });
  expect(response.status, 'GET /api/admin/events').toBe(200);
  return (response.json as { events: EventRecord[] }).events;
}

function describeResponse(response: WireResponse): string {
  return `${response.status} ${response.text.slice(0, 400)}`;
}

/**
 * Sends the request and checks every stated fact of the expectation; with `shapes`, also that the answer fits the
 * response schema Unleash 6.10.1 documents for it (tests/behaviour/openapi/response-shape.ts).
 */
export async function runExchange<Fx>(
  send: Send,
  request: WireRequest,
  want: WireExpect<Fx>,
  fx: Fx,
  options: { shapes?: boolean } = {},
): Promise<void> {
  const label = (response: WireResponse): string => `${request.method} ${request.path} -> ${describeResponse(response)}`;
  const check = (response: WireResponse): void => {
    checkResponse(response, want, fx, label(response));
    if (options.shapes) {
      const { checked, problems } = checkResponseShape(request.method, request.path, response.status, response.json);
      const said = problems.slice(0, 20).join('\n');
      expect(problems.length, `${label(response)}\ndoes not fit 6.10.1's response schema (${checked}):\n${said}`).toBe(0);
    }
  };
  await checkOutcome(want, fx, () => eventLog(send), () => send(request), check, label);
}

function checkResponse<Fx>(response: WireResponse, want: WireExpect<Fx>, fx: Fx, context: string): void {
  expectStatus(response.status, want.status, context);
  const error = (response.json ?? {}) as ErrorLike;
  if (want.name !== undefined) expect(error.name, context).toBe(want.name);
  if (want.message !== undefined) expect(String(error.message), context).toContain(want.message);
  if (want.detail !== undefined) {
    const messages = (error.details ?? []).map((d) => String(d.message));
    expect(messages.some((m) => m.includes(want.detail ?? '')), `${context}\nwanted a detail with: ${want.detail}`).toBe(true);
  }
  if (want.detailPath !== undefined) {
    expect((error.details ?? []).map((d) => d.path), context).toContain(want.detailPath);
  }
  if (want.empty) expect(response.text, context).toBe('');
  if (typeof want.body === 'function') want.body(response.json, fx);
  else if (want.body !== undefined) expect(response.json, context).toMatchObject(want.body);
  if (want.location !== undefined) {
    const location = typeof want.location === 'function' ? want.location(fx) : want.location;
    expect(response.headers.location, context).toBe(location);
  }
}
