import type { HandlerSlice, PushPayload } from '../../shared/contract';
import type { ConnectionManager } from '../connections/connection-manager';
import type { ShellPort } from '../shell/shell-port';
import { createBundleShelf } from './bundle-files';
import { createCompareService, type SideOpener } from './compare-service';

/**
 * The compare screen's channels: profiles are opened beside the active one (the connection manager's
 * openProfile), bundles from the shelf of files opened this session. The apply and revert handlers hold the right
 * profile's protection level themselves (compare-service.ts, protection-check.ts).
 */
export function compareHandlers(connections: ConnectionManager, shell: ShellPort, progress: (event: PushPayload<'compare.progress'>) => void) {
  const shelf = createBundleShelf(shell);
  const opener: SideOpener = {
    async open(side) {
      if (side.type === 'bundle') {
        const { bundle, fileName } = shelf.get(side.bundleId);
        return {
          info: { type: 'bundle', kind: 'bundle', label: fileName, ...(bundle.source.serverVersion ? { version: bundle.source.serverVersion } : {}) },
          content: bundle.content,
          release: async () => undefined,
        };
      }
      const opened = await connections.openProfile(side.profileId);
      return {
        info: { type: 'profile', kind: opened.kind, label: opened.name, profileId: opened.profileId, protection: opened.protection },
        backend: opened.backend,
        release: () => opened.release(),
      };
    },
  };
  const service = createCompareService({ opener, progress });
  return {
    'compare.run': (input) => service.run(input),
    'compare.plan': (input) => service.plan(input),
    'compare.apply': (input) => service.apply(input),
    'compare.revert': (input) => service.revert(input),
    'compare.openBundle': () => shelf.open(),
    'compare.exportBundle': async (input) => {
      const opened = await connections.openProfile(input.profileId);
      try {
        return await shelf.export(input, { backend: opened.backend, name: opened.name });
      } finally {
        await opened.release();
      }
    },
  } satisfies HandlerSlice;
}
