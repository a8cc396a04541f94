import type { HandlerSlice } from '../../../shared/contract';
import type { PlaygroundRequest, PlaygroundResponse } from '../../../shared/evaluation/playground-schema';
import type { OnActiveBackend } from './on-active-backend';

/** The server's own evaluation. */
export interface PlaygroundOperations {
  /** POST /api/admin/playground: every flag of the chosen projects evaluated by the server; writes no event. */
  playground(input: PlaygroundRequest): Promise<PlaygroundResponse>;
}

/** The playground channel that is one call on the active backend (opening a contexts file is electron/playground/). */
export function playgroundHandlers(onActiveBackend: OnActiveBackend<PlaygroundOperations>) {
  return {
    'playground.evaluate': (input) => onActiveBackend((backend) => backend.playground(input)),
  } satisfies HandlerSlice;
}
