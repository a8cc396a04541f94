import { describe, expect, it } from 'vitest';
import { createDemoBackend } from '../../backend/demo';
import { createEventTail } from './event-tail';

describe('the live tail', () => {
  function setup() {
    const demo = createDemoBackend({ historyEvents: 200 });
    const notes: [string, string][] = [];
    const updates: { newestId: number; count: number }[] = [];
    const timers: (() => void)[] = [];
    const tail = createEventTail({
      query: (params) => demo.queryEvents(params),
      notify: (title, body) => notes.push([title, body]),
      onNew: (update) => updates.push(update),
      setInterval: (fn) => timers.push(fn),
      clearInterval: () => timers.splice(0),
    });
    return { demo, notes, updates, timers, tail };
  }

  it('counts what arrives after following began, and notifies for watched types only', async () => {
    const { demo, notes, updates, tail } = setup();
    tail.follow({ watchedTypes: ['setting-updated', 'setting-created'] });
    await tail.poll();
    expect(updates).toEqual([]); // history is not "new"
    await demo.createSegment({ name: 'tail-segment', constraints: [] });
    await demo.setFrontendApiOrigins({ origins: ['https://app.example'] });
    const fresh = await tail.poll();
    expect(fresh.map((event) => event.type)).toEqual([expect.stringMatching(/^setting-/), 'segment-created']);
    expect(updates).toEqual([{ newestId: fresh[0]?.id, count: 2 }]);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.[1]).toMatch(/ (created|updated) the front-end API origins \(CORS\)$/);
    expect(await tail.poll()).toEqual([]);
  });

  it('polls on its timer while following, and stops', () => {
    const { timers, tail } = setup();
    tail.follow({ watchedTypes: [] });
    expect(tail.following).toBe(true);
    expect(timers).toHaveLength(1);
    tail.stop();
    expect(tail.following).toBe(false);
    expect(timers).toHaveLength(0);
  });
});
