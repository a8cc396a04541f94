import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, PUSH_CHANNEL } from './channels';

// That the name lists match the contract is the compiler's job (contract.ts `satisfies` them), not a test's.
describe('channel name lists used by the preload', () => {
  it('uses a push channel that no invoke channel can collide with', () => {
    expect((CHANNEL_NAMES as readonly string[]).includes(PUSH_CHANNEL)).toBe(false);
  });
});
