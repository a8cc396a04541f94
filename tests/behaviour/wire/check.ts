import { expect } from 'vitest';
import type { Send, WireRequest, WireResponse } from '../support/wire-client';
import type { EventExpect, WireExpect } from './scenario';

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  details?: { message?: unknown; path?: unknown }[];
}

interface EventRecord {
  id: number;
  type: string;
  createdBy?: string;
  [key: string]: unknown;
}

/** The token's user on a real server (the admin token is named "admin"); the demo records the same actor. */
export const ACTOR = 'admin';

async function newestEventId(send: Send): Promise<number> {
  const response = await send({ method: 'GET', path: '/api/admin/events' });
  expect(response.status, 'GET /api/admin/events').toBe(200);
  const events = (response.json as { events: EventRecord[] }).events;
  return events[0]?.id ?? 0;
}

async function eventsAfter(send: Send, id: number): Promise<EventRecord[]> {
  const response = await send({ method: 'GET', path: '/api/admin/events' });
  return (response.json as { events: EventRecord[] }).events.filter((event) => event.id > id);
}

function describeResponse(response: WireResponse): string {
  return `${response.status} ${response.text.slice(0, 400)}`;
}

/** Sends the request and checks every stated fact of the expectation. */
export async function runExchange<Fx>(send: Send, request: WireRequest, want: WireExpect<Fx>, fx: Fx): Promise<void> {
  const watchEvents = want.events !== undefined || want.noEventsMentioning !== undefined;
  const before = watchEvents ? await newestEventId(send) : 0;
  const response = await send(request);
  const context = `${request.method} ${request.path} -> ${describeResponse(response)}`;

  if (want.status === '4xx') {
    expect(response.status, context).toBeGreaterThanOrEqual(400);
    expect(response.status, context).toBeLessThan(500);
  } else {
    expect(response.status, context).toBe(want.status);
  }
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
  if (watchEvents) {
    const appended = await eventsAfter(send, before);
    for (const wanted of want.events?.(fx) ?? []) expectEvent(appended, wanted, context);
    if (want.noEventsMentioning) {
      const text = want.noEventsMentioning(fx);
      const mentioning = appended.filter((event) => JSON.stringify(event).includes(text));
      expect(mentioning, `${context}\nno event should mention ${text}`).toEqual([]);
    }
  }
}

export function expectEvent(appended: EventRecord[], wanted: EventExpect, context: string): void {
  const { type, ...subset } = wanted;
  const candidates = appended.filter((event) => event.type === type);
  const found = candidates.find((event) => {
    try {
      expect(event).toMatchObject({ createdBy: ACTOR, ...subset });
      return true;
    } catch {
      return false;
    }
  });
  if (!found) {
    // fail with a readable diff against the closest candidate
    expect(candidates[0] ?? appended, `${context}\nwanted a ${type} event`).toMatchObject({ type, createdBy: ACTOR, ...subset });
  }
}
