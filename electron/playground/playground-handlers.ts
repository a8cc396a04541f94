import type { HandlerSlice } from '../../shared/contract';
import type { ShellPort } from '../shell/shell-port';
import { openContextsFile } from './open-contexts-file';

/** The playground's main-side channel (its server evaluation is a backend call: electron/backend/operations/playground.ts). */
export function playgroundFileHandlers(shell: ShellPort) {
  return {
    'playground.openContextsFile': () => openContextsFile(shell),
  } satisfies HandlerSlice;
}
