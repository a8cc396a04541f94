import type { HandlerSlice } from '../../shared/contract';
import type { EventFeatures } from './event-features';

/** The event browser's channels: one-liners onto its main-process side (event-features.ts). */
export function eventHandlers(events: EventFeatures) {
  return {
    'events.browse': (input) => events.browse(input),
    'events.histogram': (input) => events.histogram(input),
    'events.creators': () => events.creators(),
    'events.export': (input) => events.startExport(input),
    'events.cancelExport': () => events.cancelExport(),
    'events.follow': (input) => events.follow(input),
    'events.unfollow': () => events.unfollow(),
    'eventIndex.status': () => events.indexStatus(),
    'eventIndex.sync': () => events.indexSync(),
    'eventIndex.stop': () => events.indexStop(),
    'eventIndex.remove': () => events.indexRemove(),
  } satisfies HandlerSlice;
}
