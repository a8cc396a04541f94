import type { HandlerSlice } from '../../shared/contract';
import { toNull } from '../backend/operations/on-active-backend';
import type { ConnectionManager } from './connection-manager';

/** The connection profiles' channels and the demo's own (reset, save status): one-liners onto the manager. */
export function connectionHandlers(connections: ConnectionManager) {
  return {
    'connections.status': () => connections.status(),
    'connections.save': (input) => connections.save(input),
    'connections.remove': (input) => connections.remove(input),
    'connections.activate': (input) => connections.activate(input),
    'connections.test': (input) => connections.test(input),
    'connections.setProtection': (input) => connections.setProtection(input),
    'connections.chooseCaFile': (input) => connections.chooseCaFile(input),
    'connections.clearCaFile': (input) => connections.clearCaFile(input),
    'demo.reset': () => connections.resetDemo().then(toNull),
    'demo.saveStatus': async () => connections.saveStatus(),
  } satisfies HandlerSlice;
}
