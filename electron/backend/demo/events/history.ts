import type { NewEvent } from './event-log';
import * as p from './history-payloads';
import { Prng } from '../../../../shared/prng';
import { activeAtStart, lifecyclePlan, type HistoryFlag, type LifecycleEvent } from './history-lifecycle';
import { originsPlan, type OriginsChange } from './history-origins';

export interface HistoryContext {
  projects: string[];
  environments: string[];
  /** With createdAt and archivedAt, each flag's creation, archiving and revival are placed where the state says. */
  features: HistoryFlag[];
  segments: string[];
  strategyTypes: string[];
  users: string[];
  end: Date;
  /** The front-end API's origins now (the server's default ['*'] when absent): their history ends there. */
  origins?: readonly string[];
}

type HistoryEvent = NewEvent & { createdAt: string };

/** What a template sees: the shared PRNG, the context (with fallbacks filled in) and this event's time. */
interface Scene {
  rng: Prng;
  ctx: HistoryContext;
  at: string;
  actor: string;
  feature: HistoryFlag;
  /** The flags active at this event's time (one of them is `feature`). */
  activeFlags: readonly HistoryFlag[];
  environment: string;
  featureTags: HistoryEvent['tags'];
}

/** `flag`: the event is about `Scene.feature`, so it is only written while some flag is active. */
type Template = { type: string; weight: number; flag?: true; build: (s: Scene) => Omit<NewEvent, 'type' | 'createdBy'> };

const SPAN_DAYS = 270;
const DAY_MS = 86_400_000;
/** Unleash attributes admin-token calls to user id -42 (docs/server-behaviour.md#authentication). */
const ADMIN_TOKEN = { name: 'admin', userId: -42 };

const onFeature = (s: Scene) => ({ featureName: s.feature.name, project: s.feature.project, tags: s.featureTags });
const onFeatureEnv = (s: Scene) => ({ ...onFeature(s), environment: s.environment });
const segmentIds = (s: Scene) => (s.rng.chance(0.25) && s.ctx.segments.length > 0 ? [1 + s.rng.int(s.ctx.segments.length)] : []);
const newStrategy = (s: Scene) => p.strategy(s.rng, s.rng.pick(s.ctx.strategyTypes), s.feature.name, segmentIds(s));

/** Weighted like a busy instance: toggling and strategy edits dominate, admin changes are rare. */
const TEMPLATES: Template[] = [
  { type: 'feature-environment-enabled', weight: 12, flag: true, build: (s) => onFeatureEnv(s) },
  { type: 'feature-environment-disabled', weight: 9, flag: true, build: (s) => onFeatureEnv(s) },
  { type: 'feature-strategy-add', weight: 8, flag: true, build: (s) => ({ ...onFeatureEnv(s), data: newStrategy(s) }) },
  {
    type: 'feature-strategy-update',
    weight: 14,
    flag: true,
    build: (s) => {
      const before = newStrategy(s);
      return { ...onFeatureEnv(s), data: p.editedStrategy(s.rng, before), preData: before };
    },
  },
  { type: 'feature-strategy-remove', weight: 4, flag: true, build: (s) => ({ ...onFeatureEnv(s), preData: newStrategy(s) }) },
  { type: 'strategy-order-changed', weight: 1, flag: true, build: (s) => ({ ...onFeatureEnv(s), data: { strategyIds: [s.rng.uuid(), s.rng.uuid()] } }) },
  {
    type: 'feature-updated',
    weight: 4,
    flag: true,
    build: (s) => {
      const before = p.flag(s.rng, s.feature.name, s.feature.project, s.at);
      return { ...onFeature(s), data: { ...before, description: p.sentence(s.rng, 6) }, preData: before };
    },
  },
  {
    type: 'feature-metadata-updated',
    weight: 2,
    flag: true,
    build: (s) => ({ ...onFeature(s), data: { description: p.sentence(s.rng, 5) }, preData: { description: p.sentence(s.rng, 4) } }),
  },
  { type: 'feature-variants-updated', weight: 1, flag: true, build: (s) => ({ ...onFeature(s), data: { variants: p.variants(s.rng) }, preData: { variants: [] } }) },
  { type: 'feature-type-updated', weight: 1, flag: true, build: (s) => ({ ...onFeature(s), data: { type: 'operational' }, preData: { type: 'release' } }) },
  { type: 'feature-stale-on', weight: 1, flag: true, build: (s) => ({ ...onFeature(s), data: { stale: true } }) },
  { type: 'feature-stale-off', weight: 1, flag: true, build: (s) => ({ ...onFeature(s), data: { stale: false } }) },
  {
    type: 'feature-tagged',
    weight: 3,
    flag: true,
    build: (s) => {
      const tag = { type: 'simple', value: s.rng.pick(p.TEAMS) };
      return { ...onFeature(s), data: tag, tags: [...(s.featureTags ?? []), tag] };
    },
  },
  { type: 'feature-untagged', weight: 1, flag: true, build: (s) => ({ ...onFeature(s), preData: { type: 'simple', value: s.rng.pick(p.TEAMS) } }) },
  {
    type: 'feature-dependency-added',
    weight: 1,
    flag: true,
    build: (s) => ({ ...onFeature(s), data: { feature: s.rng.pick(s.activeFlags).name, enabled: true } }),
  },
  {
    type: 'segment-created',
    weight: 2,
    build: (s) => {
      const i = s.rng.int(s.ctx.segments.length);
      const project = s.rng.chance(0.3) ? s.rng.pick(s.ctx.projects) : null;
      return { project, data: p.segment(s.rng, i + 1, s.ctx.segments[i] as string, project, s.actor, s.at) };
    },
  },
  {
    type: 'segment-updated',
    weight: 3,
    build: (s) => {
      const i = s.rng.int(s.ctx.segments.length);
      const before = p.segment(s.rng, i + 1, s.ctx.segments[i] as string, null, s.actor, s.at);
      const after = { ...before, description: p.sentence(s.rng, 3), constraints: [...(before.constraints as unknown[]), p.constraint(s.rng)] };
      return { project: null, data: after, preData: before };
    },
  },
  {
    type: 'segment-deleted',
    weight: 1,
    build: (s) => {
      const i = s.rng.int(s.ctx.segments.length);
      return { project: null, preData: p.segment(s.rng, i + 1, s.ctx.segments[i] as string, null, s.actor, s.at) };
    },
  },
  {
    type: 'strategy-updated',
    weight: 1,
    build: (s) => {
      const name = s.rng.pick(s.ctx.strategyTypes);
      return { data: p.strategyDefinition(s.rng, name), preData: p.strategyDefinition(s.rng, name) };
    },
  },
  { type: 'strategy-created', weight: 0.3, build: (s) => ({ data: p.strategyDefinition(s.rng, `custom-${s.rng.int(50)}`) }) },
  { type: 'strategy-deprecated', weight: 0.2, build: (s) => ({ data: { name: s.rng.pick(s.ctx.strategyTypes) } }) },
  {
    type: 'project-created',
    weight: 0.5,
    build: (s) => {
      const project = s.rng.pick(s.ctx.projects);
      return { project, data: { id: project, name: project, description: p.sentence(s.rng, 4), mode: 'open', defaultStickiness: 'default' } };
    },
  },
  {
    type: 'project-updated',
    weight: 0.5,
    build: (s) => {
      const project = s.rng.pick(s.ctx.projects);
      return { project, data: { id: project, description: p.sentence(s.rng, 4) }, preData: { id: project, description: p.sentence(s.rng, 3) } };
    },
  },
  { type: 'context-field-created', weight: 0.5, build: (s) => ({ data: p.contextField(s.rng, `market${s.rng.int(20)}`) }) },
  {
    type: 'context-field-updated',
    weight: 0.5,
    build: (s) => {
      const name = `market${s.rng.int(20)}`;
      return { data: p.contextField(s.rng, name), preData: p.contextField(s.rng, name) };
    },
  },
  {
    type: 'api-token-created',
    weight: 1,
    build: (s) => ({ project: null, environment: s.environment, data: p.apiToken(s.rng, s.ctx.projects, s.environment, s.at) }),
  },
  {
    type: 'api-token-deleted',
    weight: 0.5,
    build: (s) => ({ project: null, environment: s.environment, preData: p.apiToken(s.rng, s.ctx.projects, s.environment, s.at) }),
  },
  { type: 'tag-created', weight: 0.3, build: (s) => ({ data: { type: 'simple', value: s.rng.pick(p.TEAMS) } }) },
  { type: 'environment-updated', weight: 0.2, build: (s) => ({ data: { name: s.environment, sortOrder: s.rng.int(10), enabled: true } }) },
  { type: 'user-created', weight: 0.3, build: (s) => ({ data: { email: s.rng.pick(s.ctx.users), rootRole: 2 } }) },
];

const FLAG_FREE = TEMPLATES.filter((t) => !t.flag);

function pickTemplate(rng: Prng, withFlags: boolean): Template {
  const templates = withFlags ? TEMPLATES : FLAG_FREE;
  let r = rng.next() * templates.reduce((sum, t) => sum + t.weight, 0);
  for (const t of templates) {
    r -= t.weight;
    if (r < 0) return t;
  }
  return templates[templates.length - 1] as Template;
}

/** Empty lists in the context would leave templates with nothing to name; fill them with plausible defaults. */
function withFallbacks(ctx: HistoryContext): HistoryContext {
  return {
    ...ctx,
    projects: ctx.projects.length > 0 ? ctx.projects : ['default'],
    environments: ctx.environments.length > 0 ? ctx.environments : ['development', 'production'],
    features: ctx.features.length > 0 ? ctx.features : [{ name: 'example-flag', project: ctx.projects[0] ?? 'default' }],
    segments: ctx.segments.length > 0 ? ctx.segments : ['beta-users'],
    strategyTypes: ctx.strategyTypes.length > 0 ? ctx.strategyTypes : ['default', 'flexibleRollout'],
    users: ctx.users.length > 0 ? ctx.users : ['admin@example.com'],
  };
}

/** A flag's creation, archiving or revival, as Unleash records it (created carries the flag as stored). */
function lifecycleEvent(rng: Prng, ctx: HistoryContext, event: LifecycleEvent): HistoryEvent {
  const { flag } = event;
  const at = new Date(event.at).toISOString();
  const actor = rng.pick(ctx.users);
  const base = { type: event.type, createdBy: actor, createdByUserId: ctx.users.indexOf(actor) + 1, createdAt: at, featureName: flag.name, project: flag.project };
  if (event.type !== 'feature-created') return base;
  const data = p.flag(rng, flag.name, flag.project, at);
  if (flag.type !== undefined) data.type = flag.type;
  if (flag.description !== undefined) data.description = flag.description;
  return { ...base, data };
}

/** A change of the front-end API origins, as Unleash records a settings update. */
function originsEvent(rng: Prng, ctx: HistoryContext, change: OriginsChange): HistoryEvent {
  const actor = rng.pick(ctx.users);
  return {
    type: change.type,
    createdBy: actor,
    createdByUserId: ctx.users.indexOf(actor) + 1,
    createdAt: new Date(change.at).toISOString(),
    data: { id: 'unleash.frontend', frontendApiOrigins: change.after },
    preData: { frontendApiOrigins: change.before },
  };
}

/**
 * `count` events spread over the SPAN_DAYS before context.end, oldest first, with non-decreasing createdAt.
 * Deterministic for a given (count, context, seed): the only randomness is the seeded PRNG. The flags' creations,
 * archivals and revivals follow their state (history-lifecycle.ts), at the times it gives, the CORS setting's
 * changes end where the setting is (history-origins.ts), and every other event about a flag names one that is
 * active at that moment.
 */
export function* generateHistory(count: number, context: HistoryContext, seed: number): Generator<HistoryEvent> {
  const ctx = withFallbacks(context);
  const rng = new Prng(seed);
  const end = context.end.getTime();
  const start = end - SPAN_DAYS * DAY_MS;
  // when the log is too short for every one, it holds the newest: as a server's log since some day would
  const lifecycle = lifecyclePlan(ctx.features, start, end).slice(-count || Infinity);
  const active = activeAtStart(ctx.features, start);
  const byName = new Map(ctx.features.map((flag, index) => [flag.name, index]));
  // flags of the lifecycle events dropped above: as they stand after those events
  for (const event of lifecyclePlan(ctx.features, start, end).slice(0, -lifecycle.length || undefined)) {
    if (event.type === 'feature-archived') active.delete(event.flag.name);
    else active.add(event.flag.name);
  }
  const origins = originsPlan(rng, count, count - lifecycle.length, start, end, context.origins ?? ['*']);
  // planned events (the flags' lives, the CORS chain) in time order; a stable sort keeps a flag's own order
  const planned: (LifecycleEvent | OriginsChange)[] = [...lifecycle, ...origins].sort((a, b) => a.at - b.at);
  let next = 0;
  const random = count - planned.length;
  const slot = (end - start) / Math.max(random, 1);
  let activeFlags = ctx.features.filter((flag) => active.has(flag.name));
  const due = function* (until: number): Generator<HistoryEvent> {
    while (next < planned.length && planned[next]!.at <= until) {
      const event = planned[next++]!;
      if (event.type === 'setting-updated') {
        yield originsEvent(rng, ctx, event);
        continue;
      }
      if (event.type === 'feature-archived') active.delete(event.flag.name);
      else active.add(event.flag.name);
      activeFlags = ctx.features.filter((flag) => active.has(flag.name));
      yield lifecycleEvent(rng, ctx, event);
    }
  };
  for (let i = 0; i < random; i++) {
    // One random instant per slot keeps times increasing without sorting.
    const time = Math.floor(start + (i + rng.next()) * slot);
    yield* due(time);
    const at = new Date(time).toISOString();
    const byToken = rng.chance(0.2);
    const userIndex = rng.int(ctx.users.length);
    const feature = activeFlags.length > 0 ? rng.pick(activeFlags) : (ctx.features[0] as HistoryFlag);
    const featureIndex = byName.get(feature.name) ?? 0;
    const scene: Scene = {
      rng,
      ctx,
      at,
      actor: byToken ? ADMIN_TOKEN.name : (ctx.users[userIndex] as string),
      feature,
      activeFlags,
      environment: rng.pick(ctx.environments),
      // Unleash attaches a flag's current tags to its events; a third of the flags carry a team tag.
      featureTags: featureIndex % 3 === 0 ? [{ type: 'simple', value: p.TEAMS[featureIndex % p.TEAMS.length] as string }] : [],
    };
    const template = pickTemplate(rng, activeFlags.length > 0);
    yield {
      type: template.type,
      createdBy: scene.actor,
      createdByUserId: byToken ? ADMIN_TOKEN.userId : userIndex + 1,
      createdAt: at,
      ...template.build(scene),
    };
  }
  yield* due(Infinity);
}
