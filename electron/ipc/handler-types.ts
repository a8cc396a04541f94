import type { z } from 'zod';
import type { Channel, ChannelOutput, Contract } from '../../shared/contract';

/** What a handler receives: the input after the contract's schema parsed it. */
export type ParsedInput<C extends Channel> = z.output<Contract[C]['input']>;

export type Handler<C extends Channel> = (input: ParsedInput<C>) => Promise<ChannelOutput<C>>;

/** One handler per contract channel; the type makes a missing or mistyped handler a compile error. */
export type Handlers = { [C in Channel]: Handler<C> };
