import type { Channel, ChannelInput, ChannelOutput, FlagdeskBridge, IpcResult } from '../../shared/contract';
import { ApiError } from '../../shared/errors';

export type Call = <C extends Channel>(channel: C, input: ChannelInput<C>) => Promise<ChannelOutput<C>>;

/**
 * Builds `call`: invoke a contract channel and unwrap its IpcResult into the data, or throw the ApiError the
 * main process reported. Failures of the bridge itself become ApiErrors of kind 'fault' so that every error the UI
 * sees has the same shape.
 */
export function createClient(getBridge: () => FlagdeskBridge | undefined): Call {
  return async <C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> => {
    const bridge = getBridge();
    if (!bridge) {
      throw ApiError.fault('BridgeUnavailableError', 'The Flagdesk bridge is missing: open the app from Flagdesk itself.');
    }
    let result: IpcResult<ChannelOutput<C>>;
    mark('ipc-ask', channel);
    try {
      result = await bridge.invoke(channel, input);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw ApiError.fault('IpcError', `The main process did not answer: ${message}`);
    }
    mark('ipc-answer', channel);
    if (result.ok) return result.data;
    throw ApiError.from(result.error);
  };
}

/**
 * Marks when the renderer asked a channel (`ipc-ask:<channel>`) and got its answer (`ipc-answer:<channel>`), the
 * latest only (one entry each per channel), so a bench can split a screen's time around the call
 * (scripts/bench/ui-events.ts).
 */
function mark(what: 'ipc-ask' | 'ipc-answer', channel: string): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  const name = `${what}:${channel}`;
  performance.clearMarks(name);
  performance.mark(name);
}

export const call: Call = createClient(() => (typeof window === 'undefined' ? undefined : window.flagdesk));

/** Retry only what may pass on a second try: unreachable (status 0) and server-side (5xx) failures. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(error instanceof ApiError)) return false;
  // A refused connection or an unknown host will not answer a second later: say so at once (with a retry button).
  if (isDefinitelyDown(error)) return false;
  return error.kind === 'unreachable' || error.status >= 500;
}

/** Main's remote backend words refusals and DNS failures this way (electron/backend/remote/faults.ts). */
export function isDefinitelyDown(error: ApiError): boolean {
  return error.kind === 'unreachable' && error.name === 'NetworkError' && /connection refused|could not be resolved/.test(error.message);
}
