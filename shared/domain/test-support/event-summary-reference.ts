/**
 * The renderer event-summary.ts's compiled templates replaced (a Mustache walk over a context of every value, built for
 * each event), kept verbatim as the oracle of event-summary.property.test.ts: the compiled templates must word every
 * event exactly as this did. The table of templates is the one in event-summary.ts: the oracle checks the rendering.
 */
import type { FlagEvent } from '../../schemas/event';
import { EVENT_MAP } from '../event-summary';

const B = '**';
const bold = (text: unknown): string => (text ? `${B}${String(text)}${B}` : B);

export interface EventDescription {
  label: string;
  summary: string;
}

/** Label and markdown summary of an event, as Unleash's event search answers them. */
export function describeEventReference(event: FlagEvent, unleashUrl = 'http://localhost:4242'): EventDescription {
  const entry = EVENT_MAP[event.type];
  if (!entry) return { label: event.type, summary: `${bold(event.createdBy)} triggered ${bold(event.type)}` };
  const context: Record<string, unknown> = {
    user: event.createdBy,
    event,
    strategyTitle: strategyTitle(event),
    strategyChangeText: strategyChangeText(event),
    changeRequest: changeRequestLink(event, unleashUrl),
    feature: featureLink(event, unleashUrl),
    project: projectLink(event, unleashUrl),
    b: B,
  };
  return { label: entry[0], summary: render(entry[1], context) };
}

/** Mustache's `{{a.b.c}}` without escaping: walks the path, stops at null/undefined, renders those as ''. */
function render(template: string, context: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    let value: unknown = context;
    for (const key of name.split('.')) {
      if (value === null || value === undefined) break;
      value = (value as Record<string, unknown>)[key];
    }
    return value === null || value === undefined ? '' : String(value);
  });
}

type Json = Record<string, unknown>;
const field = (object: Json | null | undefined, key: string): unknown => object?.[key];
const params = (object: Json | null | undefined): Json | undefined => field(object, 'parameters') as Json | undefined;

function featureLink(event: FlagEvent, url: string): string | undefined {
  if (!event.featureName) return undefined;
  const project = event.project ?? '';
  const target =
    event.type === 'feature-archived'
      ? project
        ? `${url}/projects/${project}/archive`
        : `${url}/archive`
      : `${url}/projects/${project}/features/${event.featureName}`;
  return `[${event.featureName}](${target})`;
}

function projectLink(event: FlagEvent, url: string): string | undefined {
  return event.project ? `[${event.project}](${url}/projects/${event.project})` : undefined;
}

function changeRequestLink(event: FlagEvent, url: string): string | undefined {
  const id = field(event.data, 'changeRequestId') || field(event.preData, 'changeRequestId');
  if (!event.project || !id) return undefined;
  const link = `[#${String(id)}](${url}/projects/${event.project}/change-requests/${String(id)})`;
  const feature = featureLink(event, url);
  const featureText = feature ? ` for feature flag ${bold(feature)}` : '';
  const environmentText = event.environment ? ` in the ${bold(event.environment)} environment` : '';
  return `${bold(link)}${featureText}${environmentText} in project ${bold(projectLink(event, url))}`;
}

function strategyTitle(event: FlagEvent): unknown {
  return (
    field(event.preData, 'title') || field(event.data, 'title') || field(event.preData, 'name') || field(event.data, 'name')
  );
}

/** The diff text of feature-strategy-update, per built-in strategy (6.10.1's wording). */
function strategyChangeText(event: FlagEvent): string | undefined {
  const { data, preData } = event;
  if (event.type !== 'feature-strategy-update' || (!data && !preData)) return undefined;
  const head = `by updating strategy ${bold(strategyTitle(event))} in ${bold(event.environment)}`;
  const common = [constraintsText(field(preData, 'constraints'), field(data, 'constraints')), segmentsText(field(preData, 'segments'), field(data, 'segments'))];
  const join = (parts: string[]): string => head + parts.filter((part) => part.length > 0).join(';');
  switch (field(data || preData, 'name')) {
    case 'flexibleRollout': {
      const before = params(preData) ?? {};
      const after = params(data) ?? {};
      const change = (key: string, name: string, unit = ''): string => {
        const old = before[key];
        const now = after[key];
        if (old === now) return '';
        return old ? ` ${name} from ${String(old)}${unit} to ${String(now)}${unit}` : ` ${name} to ${String(now)}${unit}`;
      };
      return join([change('stickiness', 'stickiness'), change('rollout', 'rollout', '%'), change('groupId', 'groupId'), ...common]);
    }
    case 'default':
      return join(common);
    case 'userWithId':
      return join([valuesText(event, 'userIds'), ...common]);
    case 'remoteAddress':
      return join([valuesText(event, 'IPs'), ...common]);
    case 'applicationHostname':
      return join([valuesText(event, 'hostNames'), ...common]);
    default:
      return head;
  }
}

function valuesText(event: FlagEvent, name: string): string {
  const old = params(event.preData)?.[name];
  const now = params(event.data)?.[name];
  if (old === now) return '';
  const list = (values: unknown): string => {
    const text = String(values ?? '');
    return text.length === 0 ? `empty set of ${name}` : `[${text}]`;
  };
  return event.preData ? ` ${name} from ${list(old)} to ${list(now)}` : ` ${name} to ${list(now)}`;
}

const OPERATOR_WORDS: Record<string, string> = {
  IN: 'is one of',
  NOT_IN: 'is not one of',
  STR_CONTAINS: 'is a string that contains',
  STR_STARTS_WITH: 'is a string that starts with',
  STR_ENDS_WITH: 'is a string that ends with',
  NUM_EQ: 'is a number equal to',
  NUM_GT: 'is a number greater than',
  NUM_GTE: 'is a number greater than or equal to',
  NUM_LT: 'is a number less than',
  NUM_LTE: 'is a number less than or equal to',
  DATE_BEFORE: 'is a date before',
  DATE_AFTER: 'is a date after',
  SEMVER_EQ: 'is a SemVer equal to',
  SEMVER_GT: 'is a SemVer greater than',
  SEMVER_LT: 'is a SemVer less than',
};

function constraintsText(before: unknown, after: unknown): string {
  const format = (value: unknown): string => {
    const list = Array.isArray(value) ? (value as Json[]) : [];
    if (list.length === 0) return 'empty set of constraints';
    const one = (c: Json): string => {
      const values = c.values;
      const shown = Object.hasOwn(c, 'value') ? String(c.value) : `(${Array.isArray(values) ? values.join(',') : String(values)})`;
      const operator = String(c.operator);
      const words = Object.hasOwn(OPERATOR_WORDS, operator) ? OPERATOR_WORDS[operator] : operator;
      return `${String(c.contextName)} ${c.inverted ? 'not ' : ''}${words} ${shown}`;
    };
    return `[${list.map(one).join(', ')}]`;
  };
  const old = format(before);
  const now = format(after);
  return old === now ? '' : ` constraints from ${old} to ${now}`;
}

function segmentsText(before: unknown, after: unknown): string {
  const format = (value: unknown): string =>
    Array.isArray(value) && value.length > 0 ? `(${value.join(',')})` : 'empty set of segments';
  const old = format(before);
  const now = format(after);
  return old === now ? '' : ` segments from ${old} to ${now}`;
}

/** The types the table words (the rest fall back to the type itself). */
export const REFERENCE_TYPES: readonly string[] = Object.keys(EVENT_MAP);
