import type { HandlerSlice } from '../../../shared/contract';
import type { StrategyType, UpdateStrategy } from '../../../shared/schemas';
import { toNull, type OnActiveBackend } from './on-active-backend';

/** What a backend does with strategy types. */
export interface StrategyTypeOperations {
  listStrategyTypes(): Promise<StrategyType[]>;
  /** 200 no body. Built-ins -> 500 UnknownError "Cannot edit strategy X"; unknown -> 404. */
  updateStrategyType(input: { name: string; update: UpdateStrategy }): Promise<void>;
}

/** The strategy-type channels that are one call on the active backend (usage is a job: electron/archive/job-handlers.ts). */
export function strategyTypeHandlers(onActiveBackend: OnActiveBackend<StrategyTypeOperations>) {
  return {
    'strategyTypes.list': () => onActiveBackend((backend) => backend.listStrategyTypes()),
    'strategyTypes.update': (input) => onActiveBackend((backend) => backend.updateStrategyType(input)).then(toNull),
  } satisfies HandlerSlice;
}
