import type { FlagEvent } from '../schemas/event';
import { entityOf } from './event-entity';
import { describeEvent } from './event-summary';

/**
 * A summary that names what an event changed. Unleash words only the types in its formatter's table; every other
 * type (strategy types, settings, tags, environments…) reads "admin triggered strategy-created", and 5.x's search
 * sends no summary at all. Those get a sentence built from the type and the entity the payload names.
 */

/** 5.x writes this project on events of global things (a segment without a project); 6.x writes null. */
export const NO_PROJECT = 'no-project';

/** The project an event belongs to, or null for a global one (5.x's `no-project` placeholder included). */
export function eventProject(event: Pick<FlagEvent, 'project'>): string | null {
  return event.project && event.project !== NO_PROJECT ? event.project : null;
}

type Json = Record<string, unknown>;

/** Type prefixes and what they are called, longest first so `tag-type` wins over `tag`. */
const NOUNS: readonly [prefix: string, noun: string][] = [
  ['feature-environment-strategies', 'strategies of flag'],
  ['feature-dependency', 'dependency of flag'],
  ['feature-dependencies', 'dependencies of flag'],
  ['feature-link', 'link of flag'],
  ['feature-type', 'flag type'],
  ['feature', 'flag'],
  ['strategy', 'strategy type'],
  ['setting', 'setting'],
  ['tag-type', 'tag type'],
  ['tag', 'tag'],
  ['environment', 'environment'],
  ['project', 'project'],
  ['api-token', 'API token'],
  ['public-signup-token', 'sign-up link'],
  ['personal-access-token', 'personal access token'],
  ['pat', 'personal access token'],
  ['context-field', 'context field'],
  ['addon-config', 'integration'],
  ['application', 'application'],
  ['client-metrics', 'client metrics'],
  ['role', 'role'],
  ['group', 'group'],
  ['user', 'user'],
  ['segment', 'segment'],
  ['banner', 'banner'],
];

const GENERIC = /^\*\*([^*]*)\*\* triggered \*\*([^*]*)\*\*$/;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : typeof value === 'number' ? String(value) : undefined;
const field = (object: Json | null | undefined, key: string): unknown => object?.[key];

/** What the event changed, in words: "strategy type tenant", "the front-end API origins (CORS)". */
function subject(event: FlagEvent, noun: string): string {
  const entity = entityOf(event);
  if (entity?.kind === 'cors') return 'the front-end API origins (CORS)';
  const tag = event.data ?? event.preData;
  if (noun === 'tag' && text(field(tag, 'type')) && text(field(tag, 'value'))) return `tag ${text(field(tag, 'type'))}:${text(field(tag, 'value'))}`;
  const name =
    (entity && entity.kind !== 'flag' ? entity.label : undefined) ??
    text(field(event.data, 'name')) ??
    text(field(event.preData, 'name')) ??
    text(field(event.data, 'id')) ??
    text(field(event.preData, 'id')) ??
    event.featureName ??
    undefined;
  return name === undefined ? noun : `${noun} ${name}`;
}

/** "ann created strategy type tenant", from the type (`<thing>-<verb>`) and the payload's names. */
export function wordedSummary(event: FlagEvent): string {
  const cut = event.type.lastIndexOf('-');
  const prefix = cut > 0 ? event.type.slice(0, cut) : '';
  const verb = cut > 0 ? event.type.slice(cut + 1).replace(/-/g, ' ') : '';
  const noun = NOUNS.find(([candidate]) => candidate === prefix)?.[1];
  if (noun === undefined || verb === '') {
    // an unknown kind: still say which thing, when the payload names one
    const named = subject(event, event.type);
    return `${event.createdBy} triggered ${named}`;
  }
  const where = event.environment ? ` in ${event.environment}` : '';
  return `${event.createdBy} ${verb} ${subject(event, noun)}${where}`;
}

/**
 * The summary to show, as plain text: the server's when it says what changed (worded here as the server would where
 * it sent none), else one built from the type and the entity.
 */
export function readableSummary(event: FlagEvent): string {
  const summary = event.summary ?? describeEvent(event).summary;
  if (GENERIC.test(summary.trim())) return wordedSummary(event);
  return summary.replace(/\*\*/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
}
