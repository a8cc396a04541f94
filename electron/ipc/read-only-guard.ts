import { contract, type Channel } from '../../shared/contract';
import { ApiError } from '../../shared/errors';
import type { ProtectionLevel } from '../../shared/domain/protection';
import type { Handlers } from './handler-types';

/**
 * Wraps the handler of every channel whose contract entry says `write` so that, while the active profile is read-only, the write is refused before
 * it reaches the backend, whatever the page sends. The renderer hides or disables writes too; this is the lock.
 */
export function guardReadOnly(handlers: Handlers, activeProtection: () => ProtectionLevel): Handlers {
  const guarded: Record<string, (input: never) => Promise<unknown>> = { ...handlers };
  for (const channel of Object.keys(handlers) as Channel[]) {
    if (contract[channel].effect !== 'write') continue;
    const handler = handlers[channel] as (input: never) => Promise<unknown>;
    guarded[channel] = async (input: never) => {
      if (activeProtection() === 'read-only') {
        throw new ApiError(
          403,
          'ReadOnlyProfileError',
          'This connection is read-only: Flagdesk changes nothing on its server. Change its protection level in Connections to make changes.',
        );
      }
      return handler(input);
    };
  }
  return guarded as unknown as Handlers;
}
