import type { Channel, Handler } from '../../shared/contract';

export type { Handler, HandlerSlice, ParsedInput } from '../../shared/contract';

/** One handler per contract channel; the type makes a missing or mistyped handler a compile error. */
export type Handlers = { [C in Channel]: Handler<C> };
