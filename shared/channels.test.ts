import { describe, expect, it } from 'vitest';
import { CHANNELS, PUSH_EVENTS } from './contract';
import { PUSH_CHANNEL } from './channels';

describe('the push channel', () => {
  it('is a name no invoke channel or push event can collide with', () => {
    expect((CHANNELS as readonly string[]).includes(PUSH_CHANNEL)).toBe(false);
    expect((PUSH_EVENTS as readonly string[]).includes(PUSH_CHANNEL)).toBe(false);
  });
});
