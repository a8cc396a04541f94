import type { FlagEvent } from '../schemas/event';

/**
 * The `label` and `summary` Unleash attaches to each event of GET /api/admin/search/events (docs/server-behaviour.md#labels-and-summaries; Unleash's
 * FeatureEventFormatterMd with formatStyle 'markdown'). The table is 6.10.1's, plus the seven rows 8.2.0 added for
 * types 6.10.1 never writes; the 62 rows both have are identical. Templates use Mustache variables only, rendered
 * without escaping, so a tiny renderer does: a missing value is '', anything else is String(value).
 */

export const EVENT_MAP: Record<string, readonly [label: string, template: string]> = {
  'addon-config-created': ['Integration configuration created', '{{b}}{{user}}{{b}} created a new {{b}}{{event.data.provider}}{{b}} integration configuration'],
  'addon-config-deleted': ['Integration configuration deleted', '{{b}}{{user}}{{b}} deleted a {{b}}{{event.preData.provider}}{{b}} integration configuration'],
  'addon-config-updated': ['Integration configuration updated', '{{b}}{{user}}{{b}} updated a {{b}}{{event.preData.provider}}{{b}} integration configuration'],
  'api-token-created': ['API token created', '{{b}}{{user}}{{b}} created API token {{b}}{{event.data.username}}{{b}}'],
  'api-token-deleted': ['API token deleted', '{{b}}{{user}}{{b}} deleted API token {{b}}{{event.preData.username}}{{b}}'],
  'change-added': ['Change added', '{{b}}{{user}}{{b}} added a change to change request {{changeRequest}}'],
  'change-discarded': ['Change discarded', '{{b}}{{user}}{{b}} discarded a change in change request {{changeRequest}}'],
  'change-edited': ['Change edited', '{{b}}{{user}}{{b}} edited a change in change request {{changeRequest}}'],
  'change-request-applied': ['Change request applied', '{{b}}{{user}}{{b}} applied change request {{changeRequest}}'],
  'change-request-approval-added': ['Change request approval added', '{{b}}{{user}}{{b}} added an approval to change request {{changeRequest}}'],
  'change-request-approved': ['Change request approved', '{{b}}{{user}}{{b}} approved change request {{changeRequest}}'],
  'change-request-cancelled': ['Change request cancelled', '{{b}}{{user}}{{b}} cancelled change request {{changeRequest}}'],
  'change-request-created': ['Change request created', '{{b}}{{user}}{{b}} created change request {{changeRequest}}'],
  'change-request-discarded': ['Change request discarded', '{{b}}{{user}}{{b}} discarded change request {{changeRequest}}'],
  'change-request-rejected': ['Change request rejected', '{{b}}{{user}}{{b}} rejected change request {{changeRequest}}'],
  'change-request-sent-to-review': ['Change request sent to review', '{{b}}{{user}}{{b}} sent to review change request {{changeRequest}}'],
  'change-request-scheduled': ['Change request scheduled', '{{b}}{{user}}{{b}} scheduled change request {{changeRequest}} to be applied at {{event.data.scheduledDate}}.'],
  'change-request-scheduled-application-success': ['Scheduled change request applied successfully', '{{b}}Successfully{{b}} applied the scheduled change request {{changeRequest}} by {{b}}{{user}}{{b}}.'],
  'change-request-scheduled-application-failure': ['Scheduled change request failed', '{{b}}Failed{{b}} to apply the scheduled change request {{changeRequest}} by {{b}}{{user}}{{b}}.'],
  'change-request-schedule-suspended': ['Change request suspended', 'Change request {{changeRequest}} was suspended for the following reason: {{event.data.reason}}'],
  'context-field-created': ['Context field created', '{{b}}{{user}}{{b}} created context field {{b}}{{event.data.name}}{{b}}'],
  'context-field-deleted': ['Context field deleted', '{{b}}{{user}}{{b}} deleted context field {{b}}{{event.preData.name}}{{b}}'],
  'context-field-updated': ['Context field updated', '{{b}}{{user}}{{b}} updated context field {{b}}{{event.preData.name}}{{b}}'],
  'feature-archived': ['Flag archived', '{{b}}{{user}}{{b}} archived {{b}}{{event.featureName}}{{b}} in project {{b}}{{project}}{{b}}'],
  'feature-created': ['Flag created', '{{b}}{{user}}{{b}} created {{b}}{{feature}}{{b}} in project {{b}}{{project}}{{b}}'],
  'feature-deleted': ['Flag deleted', '{{b}}{{user}}{{b}} deleted {{b}}{{event.featureName}}{{b}} in project {{b}}{{project}}{{b}}'],
  'feature-environment-disabled': ['Flag disabled', '{{b}}{{user}}{{b}} disabled {{b}}{{feature}}{{b}} for the {{b}}{{event.environment}}{{b}} environment in project {{b}}{{project}}{{b}}'],
  'feature-environment-enabled': ['Flag enabled', '{{b}}{{user}}{{b}} enabled {{b}}{{feature}}{{b}} for the {{b}}{{event.environment}}{{b}} environment in project {{b}}{{project}}{{b}}'],
  'feature-environment-variants-updated': ['Flag variants updated', '{{b}}{{user}}{{b}} updated variants for {{b}}{{feature}}{{b}} for the {{b}}{{event.environment}}{{b}} environment in project {{b}}{{project}}{{b}}'],
  'feature-metadata-updated': ['Flag metadata updated', '{{b}}{{user}}{{b}} updated {{b}}{{feature}}{{b}} metadata in project {{b}}{{project}}{{b}}'],
  'feature-completed': ['Flag marked as completed', '{{b}}{{feature}}{{b}} was marked as completed in project {{b}}{{project}}{{b}}'],
  'feature-potentially-stale-on': ['Flag potentially stale', '{{b}}{{feature}}{{b}} was marked as potentially stale in project {{b}}{{project}}{{b}}'],
  'feature-project-change': ['Flag moved to a new project', '{{b}}{{user}}{{b}} moved {{b}}{{feature}}{{b}} from {{b}}{{event.data.oldProject}}{{b}} to {{b}}{{project}}{{b}}'],
  'feature-revived': ['Flag revived', '{{b}}{{user}}{{b}} revived {{b}}{{feature}}{{b}} in project {{b}}{{project}}{{b}}'],
  'feature-stale-off': ['Flag stale marking removed', '{{b}}{{user}}{{b}} removed the stale marking on {{b}}{{feature}}{{b}} in project {{b}}{{project}}{{b}}'],
  'feature-stale-on': ['Flag marked as stale', '{{b}}{{user}}{{b}} marked {{b}}{{feature}}{{b}} as stale in project {{b}}{{project}}{{b}}'],
  'feature-strategy-add': ['Flag strategy added', '{{b}}{{user}}{{b}} added strategy {{b}}{{strategyTitle}}{{b}} to {{b}}{{feature}}{{b}} for the {{b}}{{event.environment}}{{b}} environment in project {{b}}{{project}}{{b}}'],
  'feature-strategy-remove': ['Flag strategy removed', '{{b}}{{user}}{{b}} removed strategy {{b}}{{strategyTitle}}{{b}} from {{b}}{{feature}}{{b}} for the {{b}}{{event.environment}}{{b}} environment in project {{b}}{{project}}{{b}}'],
  'feature-strategy-update': ['Flag strategy updated', '{{b}}{{user}}{{b}} updated {{b}}{{feature}}{{b}} in project {{b}}{{project}}{{b}} {{strategyChangeText}}'],
  'feature-tagged': ['Flag tagged', '{{b}}{{user}}{{b}} tagged {{b}}{{feature}}{{b}} with {{b}}{{event.data.type}}:{{event.data.value}}{{b}} in project {{b}}{{project}}{{b}}'],
  'feature-untagged': ['Flag untagged', '{{b}}{{user}}{{b}} untagged {{b}}{{feature}}{{b}} with {{b}}{{event.preData.type}}:{{event.preData.value}}{{b}} in project {{b}}{{project}}{{b}}'],
  'group-created': ['Group created', '{{b}}{{user}}{{b}} created group {{b}}{{event.data.name}}{{b}}'],
  'group-deleted': ['Group deleted', '{{b}}{{user}}{{b}} deleted group {{b}}{{event.preData.name}}{{b}}'],
  'group-updated': ['Group updated', '{{b}}{{user}}{{b}} updated group {{b}}{{event.preData.name}}{{b}}'],
  'banner-created': ['Banner created', '{{b}}{{user}}{{b}} created banner {{b}}{{event.data.message}}{{b}}'],
  'banner-deleted': ['Banner deleted', '{{b}}{{user}}{{b}} deleted banner {{b}}{{event.preData.message}}{{b}}'],
  'banner-updated': ['Banner updated', '{{b}}{{user}}{{b}} updated banner {{b}}{{event.preData.message}}{{b}}'],
  'project-created': ['Project created', '{{b}}{{user}}{{b}} created project {{b}}{{project}}{{b}}'],
  'project-archived': ['Project archived', '{{b}}{{user}}{{b}} archived project {{b}}{{event.project}}{{b}}'],
  'project-deleted': ['Project deleted', '{{b}}{{user}}{{b}} deleted project {{b}}{{event.project}}{{b}}'],
  'segment-created': ['Segment created', '{{b}}{{user}}{{b}} created segment {{b}}{{event.data.name}}{{b}}'],
  'segment-deleted': ['Segment deleted', '{{b}}{{user}}{{b}} deleted segment {{b}}{{event.preData.name}}{{b}}'],
  'segment-updated': ['Segment updated', '{{b}}{{user}}{{b}} updated segment {{b}}{{event.preData.name}}{{b}}'],
  'service-account-created': ['Service account created', '{{b}}{{user}}{{b}} created service account {{b}}{{event.data.name}}{{b}}'],
  'service-account-deleted': ['Service account deleted', '{{b}}{{user}}{{b}} deleted service account {{b}}{{event.preData.name}}{{b}}'],
  'service-account-updated': ['Service account updated', '{{b}}{{user}}{{b}} updated service account {{b}}{{event.preData.name}}{{b}}'],
  'user-created': ['User created', '{{b}}{{user}}{{b}} created user {{b}}{{event.data.name}}{{b}}'],
  'user-deleted': ['User deleted', '{{b}}{{user}}{{b}} deleted user {{b}}{{event.preData.name}}{{b}}'],
  'user-updated': ['User updated', '{{b}}{{user}}{{b}} updated user {{b}}{{event.preData.name}}{{b}}'],
  'release-plan-added': ['Release plan added', '{{b}}{{user}}{{b}} added release plan {{b}}{{event.data.name}}{{b}} to {{b}}{{feature}}{{b}} for the {{b}}{{event.environment}}{{b}} environment in project {{b}}{{project}}{{b}}'],
  'release-plan-removed': ['Release plan removed', '{{b}}{{user}}{{b}} removed release plan {{b}}{{event.preData.name}}{{b}} from {{b}}{{feature}}{{b}} for the {{b}}{{event.environment}}{{b}} environment in project {{b}}{{project}}{{b}}'],
  'release-plan-milestone-started': ['Release plan milestone started', '{{b}}{{user}}{{b}} started milestone {{b}}{{event.data.milestoneName}}{{b}} in release plan {{b}}{{event.data.name}}{{b}} for {{b}}{{feature}}{{b}} for the {{b}}{{event.environment}}{{b}} environment in project {{b}}{{project}}{{b}}'],
  // 8.2.0 only (6.10.1 never writes these types).
  'service-account-token-created': ['Service account token created', '{{b}}{{user}}{{b}} created a token for service account {{b}}{{event.data.ownerId}}{{b}}'],
  'service-account-token-deleted': ['Service account token deleted', '{{b}}{{user}}{{b}} deleted a token for service account {{b}}{{event.data.ownerId}}{{b}}'],
  'release-plan-progressions-paused': ['Release plan progressions paused', '{{b}}Release plan progressions paused{{b}} by safeguard for {{b}}{{feature}}{{b}} in the {{b}}{{event.environment}}{{b}} environment in project {{b}}{{project}}{{b}}'],
  'release-plan-progressions-resumed': ['Release plan progressions resumed', '{{b}}{{user}}{{b}} resumed release plan progressions for {{b}}{{feature}}{{b}} in the {{b}}{{event.environment}}{{b}} environment in project {{b}}{{project}}{{b}}'],
  'user-access-request-registered': ['User access request registered', '{{b}}{{event.data.email}}{{b}} requested access to Unleash'],
  'user-access-request-approved': ['User access request approved', '{{b}}{{user}}{{b}} approved access request for {{b}}{{event.data.email}}{{b}}'],
  'user-access-request-rejected': ['User access request rejected', '{{b}}{{user}}{{b}} rejected access request for {{b}}{{event.data.email}}{{b}}'],
};

const B = '**';
const bold = (text: unknown): string => (text ? `${B}${String(text)}${B}` : B);
/** Where links point when no address is given, as Unleash without UNLEASH_URL. */
const DEFAULT_URL = 'http://localhost:4242';

export interface EventDescription {
  label: string;
  summary: string;
}

/** Label and markdown summary of an event, as Unleash's event search answers them. */
export function describeEvent(event: FlagEvent, unleashUrl = DEFAULT_URL): EventDescription {
  const compiled = COMPILED.get(event.type);
  if (!compiled) return { label: event.type, summary: `${bold(event.createdBy)} triggered ${bold(event.type)}` };
  let summary = '';
  for (const piece of compiled.pieces) summary += typeof piece === 'string' ? piece : piece(event, unleashUrl);
  return { label: compiled.label, summary };
}

/*
 * Each template is compiled once, at load, into literal text and the values it names: a page of a million-event
 * log describes its rows on every read (the local copy's newest 100, each page of an export), and rendering by
 * regex with a context of every value (links, strategy diff) built for each event cost most of that read.
 */

/** A piece of a compiled summary: literal text, or a value of the event rendered as Mustache does ('' when missing). */
type Piece = string | ((event: FlagEvent, url: string) => string);
interface Compiled {
  label: string;
  pieces: readonly Piece[];
  /** The bodies its pieces read (summaryReads). */
  reads: SummaryReads;
}

/**
 * Which of an event's JSON bodies its label and summary read. A reader that holds the bodies as JSON text (the
 * demo-server, electron/backend/demo/events/event-json.ts) parses only these: describeEvent words the event the same
 * whatever the others hold (the property test holds it). Most events (toggles, metadata) read none.
 */
export interface SummaryReads {
  data: boolean;
  preData: boolean;
  tags: boolean;
}

/** Mustache's rendering of a value, without escaping. */
const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The template variables other than `b` and `event.…`, each computed only for the templates naming it. */
const VALUES: Record<string, (event: FlagEvent, url: string) => unknown> = {
  user: (event) => event.createdBy,
  strategyTitle: (event) => strategyTitle(event),
  strategyChangeText: (event) => strategyChangeText(event),
  changeRequest: changeRequestLink,
  feature: featureLink,
  project: projectLink,
};

/** The values above that read data and preData (each reads both): kept beside them, held by the property test. */
const VALUES_READING_BODIES = new Set(['strategyTitle', 'strategyChangeText', 'changeRequest']);

const VARIABLE = /\{\{\s*([\w.]+)\s*\}\}/g;

/** Mustache's `{{a.b.c}}`: walks the path from the variable, stops at null/undefined. */
function variable(name: string): Piece {
  const [root = '', ...path] = name.split('.');
  const start: (event: FlagEvent, url: string) => unknown =
    root === 'event' ? (event) => event : Object.hasOwn(VALUES, root) ? (VALUES[root] as (event: FlagEvent, url: string) => unknown) : () => undefined;
  const [first, second] = path;
  if (path.length === 0) return (event, url) => text(start(event, url));
  if (root === 'event' && path.length === 1 && first !== undefined) return (event) => text((event as Record<string, unknown>)[first]);
  if (root === 'event' && path.length === 2 && first !== undefined && second !== undefined) {
    return (event) => {
      const value = (event as Record<string, unknown>)[first];
      return value === null || value === undefined ? '' : text((value as Record<string, unknown>)[second]);
    };
  }
  return (event, url) => {
    let value = start(event, url);
    for (const key of path) {
      if (value === null || value === undefined) break;
      value = (value as Record<string, unknown>)[key];
    }
    return text(value);
  };
}

/** `{{b}}` is the bold marker itself: it joins the literal text around it. */
function compile(label: string, template: string): Compiled {
  const pieces: Piece[] = [];
  const reads: SummaryReads = { data: false, preData: false, tags: false };
  let literal = '';
  let last = 0;
  for (const match of template.matchAll(VARIABLE)) {
    literal += template.slice(last, match.index);
    last = match.index + match[0].length;
    const name = match[1] ?? '';
    if (name === 'b') {
      literal += B;
      continue;
    }
    if (literal) pieces.push(literal);
    literal = '';
    pieces.push(variable(name));
    addReads(name, reads);
  }
  literal += template.slice(last);
  if (literal) pieces.push(literal);
  return { label, pieces, reads };
}

/** Adds the bodies variable `name` reads: `event.data…` data, `event` itself all three, a value of VALUES_READING_BODIES data and preData. */
function addReads(name: string, reads: SummaryReads): void {
  const [root = '', field] = name.split('.');
  if (root === 'event') {
    if (field === undefined || field === 'data') reads.data = true;
    if (field === undefined || field === 'preData') reads.preData = true;
    if (field === undefined || field === 'tags') reads.tags = true;
  } else if (VALUES_READING_BODIES.has(root)) {
    reads.data = true;
    reads.preData = true;
  }
}

const READS_NONE: SummaryReads = { data: false, preData: false, tags: false };

/** Which bodies describeEvent reads for an event of this type (an unknown type: none). */
export function summaryReads(type: string): SummaryReads {
  return COMPILED.get(type)?.reads ?? READS_NONE;
}

const COMPILED = new Map(Object.entries(EVENT_MAP).map(([type, [label, template]]) => [type, compile(label, template)]));

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

/*
 * The strategy diff's helpers are functions of their own, not closures made per call: this runs for every
 * feature-strategy-update row read.
 */

/** The diff text of feature-strategy-update, per built-in strategy (6.10.1's wording). */
function strategyChangeText(event: FlagEvent): string | undefined {
  const { data, preData } = event;
  if (event.type !== 'feature-strategy-update' || (!data && !preData)) return undefined;
  const head = `by updating strategy ${bold(strategyTitle(event))} in ${bold(event.environment)}`;
  const constraints = constraintsText(field(preData, 'constraints'), field(data, 'constraints'));
  const segments = segmentsText(field(preData, 'segments'), field(data, 'segments'));
  switch (field(data || preData, 'name')) {
    case 'flexibleRollout': {
      const before = params(preData) ?? {};
      const after = params(data) ?? {};
      return joined(head, [
        parameterChange(before, after, 'stickiness', 'stickiness', ''),
        parameterChange(before, after, 'rollout', 'rollout', '%'),
        parameterChange(before, after, 'groupId', 'groupId', ''),
        constraints,
        segments,
      ]);
    }
    case 'default':
      return joined(head, [constraints, segments]);
    case 'userWithId':
      return joined(head, [valuesText(event, 'userIds'), constraints, segments]);
    case 'remoteAddress':
      return joined(head, [valuesText(event, 'IPs'), constraints, segments]);
    case 'applicationHostname':
      return joined(head, [valuesText(event, 'hostNames'), constraints, segments]);
    default:
      return head;
  }
}

function joined(head: string, parts: string[]): string {
  return head + parts.filter((part) => part.length > 0).join(';');
}

function parameterChange(before: Json, after: Json, key: string, name: string, unit: string): string {
  const old = before[key];
  const now = after[key];
  if (old === now) return '';
  return old ? ` ${name} from ${String(old)}${unit} to ${String(now)}${unit}` : ` ${name} to ${String(now)}${unit}`;
}

function valuesText(event: FlagEvent, name: string): string {
  const old = params(event.preData)?.[name];
  const now = params(event.data)?.[name];
  if (old === now) return '';
  return event.preData ? ` ${name} from ${valueList(old, name)} to ${valueList(now, name)}` : ` ${name} to ${valueList(now, name)}`;
}

function valueList(values: unknown, name: string): string {
  const list = String(values ?? '');
  return list.length === 0 ? `empty set of ${name}` : `[${list}]`;
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
  const old = constraintList(before);
  const now = constraintList(after);
  return old === now ? '' : ` constraints from ${old} to ${now}`;
}

function constraintList(value: unknown): string {
  const list = Array.isArray(value) ? (value as Json[]) : [];
  if (list.length === 0) return 'empty set of constraints';
  return `[${list.map(constraintText).join(', ')}]`;
}

function constraintText(c: Json | null): string {
  // a body may hold anything (a local copy keeps what its server sent): a summary never throws on it
  if (typeof c !== 'object' || c === null || Array.isArray(c)) return JSON.stringify(c) ?? String(c);
  const values = c.values;
  const shown = Object.hasOwn(c, 'value') ? String(c.value) : `(${Array.isArray(values) ? values.join(',') : String(values)})`;
  const operator = String(c.operator);
  const words = Object.hasOwn(OPERATOR_WORDS, operator) ? OPERATOR_WORDS[operator] : operator;
  return `${String(c.contextName)} ${c.inverted ? 'not ' : ''}${words} ${shown}`;
}

function segmentsText(before: unknown, after: unknown): string {
  const old = segmentList(before);
  const now = segmentList(after);
  return old === now ? '' : ` segments from ${old} to ${now}`;
}

function segmentList(value: unknown): string {
  return Array.isArray(value) && value.length > 0 ? `(${value.join(',')})` : 'empty set of segments';
}
