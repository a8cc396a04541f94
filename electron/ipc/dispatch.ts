import { contract, isChannel, type IpcResult } from '../../shared/contract';
import { ApiError, isApiError } from '../../shared/errors';
import type { Handlers } from './handler-types';
import type { IpcSender, SenderPolicy } from './sender';
import { summarize, zodDetails } from './zod-details';

/**
 * The whole IPC pipeline, free of Electron: sender check, channel check, input parse, handler call, output parse,
 * result envelope. It never throws: Electron would keep only an error's message (DESIGN.md "IPC").
 */
export type Dispatch = (channel: unknown, rawInput: unknown, sender: IpcSender) => Promise<IpcResult<unknown>>;

export interface DispatchOptions {
  handlers: Handlers;
  senders: Pick<SenderPolicy, 'isTrusted'>;
  /** Scrubs secrets (tokens) from any message that leaves the main process. */
  redact?: (text: string) => string;
  /** Told about unexpected errors (for a log); the renderer only gets a generic 500. */
  onUnexpectedError?: (channel: string, error: unknown) => void;
}

const GENERIC_MESSAGE = 'Something went wrong in Flagdesk. Try again; if it keeps happening, restart the app.';

function fail(status: number, name: string, message: string, details?: { message: string; path?: string }[]) {
  return { ok: false as const, error: new ApiError(status, name, message, details).toShape() };
}

export function createDispatch(options: DispatchOptions): Dispatch {
  const redact = options.redact ?? ((text: string) => text);

  return async (channel, rawInput, sender) => {
    if (!options.senders.isTrusted(sender)) {
      return fail(403, 'ForbiddenError', 'This request did not come from the Flagdesk window and was refused.');
    }
    if (!isChannel(channel)) {
      return fail(404, 'UnknownChannelError', `There is no IPC channel named ${JSON.stringify(String(channel).slice(0, 100))}.`);
    }
    const spec = contract[channel];
    const input = spec.input.safeParse(rawInput);
    if (!input.success) {
      const details = zodDetails(input.error);
      return fail(400, 'ValidationError', redact(`Invalid input for ${channel}: ${summarize(details)}`), details.map(
        (d) => ({ ...d, message: redact(d.message) }),
      ));
    }
    let result: unknown;
    try {
      // The map is typed per channel; indexing with a union loses the pairing, so the call is widened here once.
      const handler = options.handlers[channel] as (input: unknown) => Promise<unknown>;
      result = await handler(input.data);
    } catch (error) {
      if (isApiError(error)) {
        const shape = error.toShape();
        return {
          ok: false,
          error: {
            ...shape,
            message: redact(shape.message),
            ...(shape.details ? { details: shape.details.map((d) => ({ ...d, message: redact(d.message) })) } : {}),
          },
        };
      }
      options.onUnexpectedError?.(channel, error);
      return fail(500, 'InternalError', GENERIC_MESSAGE);
    }
    const output = spec.output.safeParse(result === undefined ? null : result);
    if (!output.success) {
      options.onUnexpectedError?.(channel, output.error);
      return fail(502, 'InvalidResponseError', `The backend answered ${channel} with data Flagdesk does not understand.`,
        zodDetails(output.error));
    }
    return { ok: true, data: output.data };
  };
}
