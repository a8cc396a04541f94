import type { AdminBackend } from '../backend/admin-backend';
import { strategyTypeInUse } from '../backend/errors';
import { strategyUsage, usageReadsOf } from '../backend/strategy-usage';
import type { Handlers } from '../ipc/handler-types';

type LifecycleChannels = 'strategyTypes.create' | 'strategyTypes.deprecate' | 'strategyTypes.reactivate' | 'strategyTypes.delete';

/**
 * A strategy type's life. Delete is checked here, in main, whatever the page sends: Unleash deletes a type its flags
 * still use and leaves their strategies naming a type that no longer exists, which no SDK can then evaluate.
 */
export function createStrategyTypeHandlers(backend: () => Promise<AdminBackend>): Pick<Handlers, LifecycleChannels> {
  return {
    'strategyTypes.create': async (input) => (await backend()).createStrategyType(input),
    'strategyTypes.deprecate': async (input) => {
      await (await backend()).deprecateStrategyType(input);
      return null;
    },
    'strategyTypes.reactivate': async (input) => {
      await (await backend()).reactivateStrategyType(input);
      return null;
    },
    'strategyTypes.delete': async ({ name }) => {
      const active = await backend();
      const users = await strategyUsage(usageReadsOf(active), name);
      if (users.length > 0) throw strategyTypeInUse(name, users.length);
      await active.deleteStrategyType({ name });
      return null;
    },
  };
}
