import type { HandlerSlice } from '../../../shared/contract';
import type { CreateStrategyType, StrategyType, UpdateStrategy } from '../../../shared/schemas';
import { toNull, type OnActiveBackend } from './on-active-backend';

/** What a backend does with strategy types. */
export interface StrategyTypeOperations {
  listStrategyTypes(): Promise<StrategyType[]>;
  /** 200 no body. Built-ins -> 500 UnknownError "Cannot edit strategy X"; unknown -> 404. */
  updateStrategyType(input: { name: string; update: UpdateStrategy }): Promise<void>;
  /** 201 with the type; 400 for a name that is not URL friendly; 409 "Strategy with name X already exist!". */
  createStrategyType(input: CreateStrategyType): Promise<StrategyType>;
  /** 200 no body, built-ins too, a repeat too (each recorded); unknown -> 404 "Could not find strategy with name X". */
  deprecateStrategyType(input: { name: string }): Promise<void>;
  /** 200 no body; unknown -> 404 "No strategy found". */
  reactivateStrategyType(input: { name: string }): Promise<void>;
  /** 200 no body, whether flags use it or not; built-ins -> 500 "Cannot edit strategy X"; unknown -> 404. */
  deleteStrategyType(input: { name: string }): Promise<void>;
}

/**
 * The strategy-type channels that are one call on the active backend (usage is a job: electron/archive/job-handlers.ts;
 * the type's life, delete checked in main: electron/strategy-types/strategy-type-handlers.ts).
 */
export function strategyTypeHandlers(onActiveBackend: OnActiveBackend<StrategyTypeOperations>) {
  return {
    'strategyTypes.list': () => onActiveBackend((backend) => backend.listStrategyTypes()),
    'strategyTypes.update': (input) => onActiveBackend((backend) => backend.updateStrategyType(input)).then(toNull),
  } satisfies HandlerSlice;
}
