import { expect } from 'vitest';
import { checkOutcome, expectStatus, type EventRecord } from '../support/outcome';
import type { Send, WireRequest, WireResponse } from '../support/wire-client';
import type { WireExpect } from './scenario';

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

/** Sends the request and checks every stated fact of the expectation. */
export async function runExchange<Fx>(send: Send, request: WireRequest, want: WireExpect<Fx>, fx: Fx): Promise<void> {
  const label = (response: WireResponse): string => `${request.method} ${request.path} -> ${describeResponse(response)}`;
  await checkOutcome(want, fx, () => eventLog(send), () => send(request), (response) => checkResponse(response, want, fx, label(response)), label);
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
