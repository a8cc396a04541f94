import type { Channel, ChannelInput, ChannelOutput, FlagdeskBridge, IpcResult, PushEvent } from '../../shared/contract';
import { ApiError } from '../../shared/errors';

/**
 * What a renderer test answers, per channel, typed from shared/contract.ts: a handler that returns the wrong shape
 * (or reads a field its input lacks) does not compile. Throw an ApiError to answer a failure.
 */
export type FakeHandlers = {
  [C in Channel]?: (input: ChannelInput<C>) => ChannelOutput<C> | Promise<ChannelOutput<C>>;
};

export interface Call {
  channel: Channel;
  input: unknown;
}

export interface FakeBridge extends FlagdeskBridge {
  /** Every invoke, in order. */
  calls: Call[];
  /** The inputs a channel was called with. */
  inputsOf<C extends Channel>(channel: C): ChannelInput<C>[];
  /** Push an event as main would. */
  emit(event: PushEvent, payload: unknown): void;
  /** Replace or add handlers during a test. */
  answer(handlers: FakeHandlers): void;
}

/** A FlagdeskBridge answering from handlers; a channel without one fails with a 501 naming it. */
export function fakeBridge(initial: FakeHandlers = {}): FakeBridge {
  const handlers: FakeHandlers = { ...initial };
  const listeners = new Map<PushEvent, Set<(payload: unknown) => void>>();
  const calls: Call[] = [];

  async function run<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<IpcResult<ChannelOutput<C>>> {
    calls.push({ channel, input });
    const handler = handlers[channel] as ((input: ChannelInput<C>) => ChannelOutput<C> | Promise<ChannelOutput<C>>) | undefined;
    if (!handler) return { ok: false, error: ApiError.fault('NotFakedError', `The test answers no ${channel}`, undefined, 501).toShape() };
    try {
      return { ok: true, data: await handler(input) };
    } catch (error) {
      const apiError = error instanceof ApiError ? error : ApiError.fault('FakeHandlerError', String(error), undefined, 500);
      return { ok: false, error: apiError.toShape() };
    }
  }

  return {
    calls,
    invoke: run,
    on(event, callback) {
      const set = listeners.get(event) ?? new Set();
      set.add(callback as (payload: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(callback as (payload: unknown) => void);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    inputsOf<C extends Channel>(channel: C) {
      return calls.filter((c) => c.channel === channel).map((c) => c.input as ChannelInput<C>);
    },
    answer(more) {
      Object.assign(handlers, more);
    },
  };
}
