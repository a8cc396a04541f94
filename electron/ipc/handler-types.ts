import type { Channel, ChannelOutput, ParsedInput } from '../../shared/contract';

export type { ParsedInput } from '../../shared/contract';

/** A channel's handler: the contract's parsed input object as it is, to the contract's output. */
export type Handler<C extends Channel> = (input: ParsedInput<C>) => Promise<ChannelOutput<C>>;

/** One handler per contract channel; the type makes a missing or mistyped handler a compile error. */
export type Handlers = { [C in Channel]: Handler<C> };
