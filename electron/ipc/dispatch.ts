import { contract, isChannel, type IpcResult } from '../../shared/contract';
import { ApiError, isApiError } from '../../shared/errors';
import { redactDeep } from '../security/redact';
import type { Handlers } from './handler-types';
import type { IpcSender, SenderPolicy } from './sender';
import { summarize, zodDetails } from './zod-details';

/**
 * The whole IPC pipeline, free of Electron: sender check, channel check, input parse, handler call, output parse,
 * result envelope. It never throws: Electron would keep only an error's message (docs/architecture.md#ipc).
 */
export type Dispatch = (channel: unknown, rawInput: unknown, sender: IpcSender) => Promise<IpcResult<unknown>>;

export interface DispatchOptions {
  handlers: Handlers;
  senders: Pick<SenderPolicy, 'isTrusted'>;
  /** Scrubs secrets (tokens) from a text. */
  redact?: (text: string) => string;
  /**
   * Scrubs secrets from every string of a value (default: `redact` over each string). Applied to every result,
   * data and error alike: a server may echo the token in any field of any answer.
   */
  redactValue?: <T>(value: T) => T;
  /** Told about unexpected errors (for a log); the renderer only gets a generic 500. */
  onUnexpectedError?: (channel: string, error: unknown) => void;
}

const GENERIC_MESSAGE = 'Something went wrong in Flagdesk. Try again; if it keeps happening, restart the app.';

function fail(status: number, name: string, message: string, details?: { message: string; path?: string }[]) {
  return { ok: false as const, error: new ApiError(status, name, message, details).toShape() };
}

/** A failure of Flagdesk itself (a bug, a stray caller): the renderer offers to copy its details for a report. */
function fault(status: number, name: string, message: string, details?: { message: string; path?: string }[]) {
  return { ok: false as const, error: ApiError.fault(name, message, details, status).toShape() };
}

export function createDispatch(options: DispatchOptions): Dispatch {
  const redact = options.redact ?? ((text: string) => text);
  const redactValue = options.redactValue ?? (<T>(value: T): T => redactDeep(value, redact));
  const run = pipeline(options);
  return async (channel, rawInput, sender) => redactValue(await run(channel, rawInput, sender));
}

function pipeline(options: DispatchOptions): Dispatch {
  return async (channel, rawInput, sender) => {
    if (!options.senders.isTrusted(sender)) {
      return fault(403, 'ForbiddenError', 'This request did not come from the Flagdesk window and was refused.');
    }
    if (!isChannel(channel)) {
      return fault(404, 'UnknownChannelError', `There is no IPC channel named ${JSON.stringify(String(channel).slice(0, 100))}.`);
    }
    const spec = contract[channel];
    const input = spec.input.safeParse(rawInput);
    if (!input.success) {
      const details = zodDetails(input.error);
      return fail(400, 'ValidationError', `Invalid input for ${channel}: ${summarize(details)}`, details);
    }
    let result: unknown;
    try {
      // The map is typed per channel; indexing with a union loses the pairing, so the call is widened here once.
      const handler = options.handlers[channel] as (input: unknown) => Promise<unknown>;
      result = await handler(input.data);
    } catch (error) {
      if (isApiError(error)) return { ok: false, error: error.toShape() };
      options.onUnexpectedError?.(channel, error);
      return fault(500, 'InternalError', GENERIC_MESSAGE);
    }
    const output = spec.output.safeParse(result === undefined ? null : result);
    if (!output.success) {
      options.onUnexpectedError?.(channel, output.error);
      return fault(502, 'InvalidResponseError', `The backend answered ${channel} with data Flagdesk does not understand.`,
        zodDetails(output.error));
    }
    return { ok: true, data: output.data };
  };
}
