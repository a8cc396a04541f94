import { describe, expect, it } from 'vitest';
import { CHANNELS, PUSH_EVENTS } from './contract';
import { CHANNEL_NAMES, PUSH_CHANNEL, PUSH_EVENT_NAMES } from './channels';

describe('channel name lists used by the preload', () => {
  it('lists exactly the contract channels', () => {
    expect([...CHANNEL_NAMES].sort()).toEqual([...CHANNELS].sort());
  });

  it('lists exactly the contract push events', () => {
    expect([...PUSH_EVENT_NAMES].sort()).toEqual([...PUSH_EVENTS].sort());
  });

  it('uses a push channel that no invoke channel can collide with', () => {
    expect((CHANNEL_NAMES as readonly string[]).includes(PUSH_CHANNEL)).toBe(false);
  });
});
