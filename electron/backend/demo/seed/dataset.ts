import type { Constraint } from '../../../../shared/schemas';
import type { HistoryContext } from '../events/history';
import { emptyState } from '../model/builtins';
import { Prng } from '../../../../shared/prng';
import type { DemoState, FeatureEnvironmentRecord, FeatureRecord, StrategyRecord } from '../model/state';
import {
  SEED_FLAGS,
  SEED_PROJECTS,
  SEED_SEGMENTS,
  SEED_STRATEGY_TYPES,
  SEED_USERS,
  seedContextFields,
  type SeedFlag,
} from './catalog';

/** The seeded demo: the catalogue's company, laid out deterministically from `seed` and the clock's now. */

const DAY = 86_400_000;
const ENVIRONMENTS = [
  { name: 'development', type: 'development', enabled: true, sortOrder: 100, protected: false },
  { name: 'staging', type: 'test', enabled: true, sortOrder: 150, protected: false },
  { name: 'production', type: 'production', enabled: true, sortOrder: 200, protected: false },
];
const ROLLOUTS = ['5', '10', '25', '50', '100'];

function daysAgo(prng: Prng, now: Date, min: number, max: number): string {
  return new Date(now.getTime() - prng.between(min, max) * DAY - prng.int(DAY)).toISOString();
}

function rolloutStrategy(prng: Prng, flag: SeedFlag, production: boolean): Pick<StrategyRecord, 'name' | 'parameters'> {
  const rollout = production ? prng.pick(ROLLOUTS) : '100';
  return { name: 'flexibleRollout', parameters: { rollout, stickiness: 'default', groupId: flag.name } };
}

function pickStrategyShape(prng: Prng, flag: SeedFlag, env: string): Pick<StrategyRecord, 'name' | 'parameters'> {
  if (flag.type === 'kill-switch' || flag.type === 'operational') return { name: 'default', parameters: {} };
  const roll = prng.next();
  if (roll < 0.6) return rolloutStrategy(prng, flag, env === 'production');
  if (roll < 0.72) return { name: 'default', parameters: {} };
  if (roll < 0.8 && flag.project === 'platform') return { name: 'remoteAddress', parameters: { IPs: '10.0.0.0/8,192.168.12.4' } };
  if (roll < 0.88) return { name: 'betaCohort', parameters: { cohorts: 'spring-beta,insiders' } };
  if (roll < 0.94) return { name: 'regionRollout', parameters: { regions: 'eu-west,eu-north', percentage: '30' } };
  return { name: 'applicationHostname', parameters: { hostNames: 'web-1.shopwise.io,web-2.shopwise.io' } };
}

function pickConstraints(prng: Prng): Constraint[] {
  const roll = prng.next();
  if (roll < 0.55) return [];
  if (roll < 0.75) {
    return [{ values: prng.chance(0.5) ? ['NO', 'SE'] : ['DE', 'NL', 'AT'], inverted: false, operator: 'IN', contextName: 'country', caseInsensitive: false }];
  }
  if (roll < 0.9) {
    return [{ values: ['free'], inverted: true, operator: 'IN', contextName: 'plan', caseInsensitive: false }];
  }
  return [{ values: [], inverted: false, operator: 'DATE_AFTER', contextName: 'currentTime', caseInsensitive: false, value: '2025-11-28T00:00:00.000Z' }];
}

function segmentsFor(prng: Prng, state: DemoState, project: string): number[] {
  if (!prng.chance(0.35)) return [];
  const usable = state.segments.filter((segment) => {
    const seed = SEED_SEGMENTS.find((candidate) => candidate.name === segment.name);
    return seed?.used === true && (segment.project === undefined || segment.project === project);
  });
  const first = prng.pick(usable);
  const ids = [first.id];
  if (prng.chance(0.25)) {
    const second = prng.pick(usable);
    if (second.id !== first.id) ids.push(second.id);
  }
  return ids;
}

function environmentsFor(prng: Prng, state: DemoState, flag: SeedFlag): FeatureEnvironmentRecord[] {
  return state.environments.map((env) => {
    const production = env.name === 'production';
    const enabled = flag.archived ? false : prng.chance(production ? 0.45 : 0.8);
    const count = flag.archived ? (production ? 0 : 1) : prng.between(production ? 0 : 1, 2);
    const strategies: StrategyRecord[] = [];
    for (let i = 0; i < count; i++) {
      strategies.push({
        id: prng.uuid(),
        ...pickStrategyShape(prng, flag, env.name),
        title: null,
        disabled: prng.chance(0.05),
        sortOrder: i,
        constraints: pickConstraints(prng),
        variants: [],
        segments: segmentsFor(prng, state, flag.project),
      });
    }
    return { name: env.name, enabled, strategies };
  });
}

export function seededState(seed: number, now: Date): DemoState {
  const prng = new Prng(seed);
  const state = emptyState(daysAgo(prng, now, 400, 420));
  state.projects = SEED_PROJECTS.map((project) => ({ ...project, createdAt: daysAgo(prng, now, 300, 400) }));
  state.environments = ENVIRONMENTS.map((env) => ({ ...env }));
  // a company's instance has written its CORS setting before (the history's changes end here): every origin
  state.settings.frontendApiOrigins = ['*'];
  state.contextFields.push(...seedContextFields(daysAgo(prng, now, 350, 380)));
  state.strategyTypes.push(...structuredClone([...SEED_STRATEGY_TYPES]));
  for (const segment of SEED_SEGMENTS) {
    state.segments.push({
      id: state.nextSegmentId++,
      name: segment.name,
      description: segment.description,
      ...(segment.project ? { project: segment.project } : {}),
      constraints: structuredClone(segment.constraints),
      createdBy: prng.pick(SEED_USERS),
      createdAt: daysAgo(prng, now, 200, 340),
    });
  }
  state.features = SEED_FLAGS.map((flag): FeatureRecord => {
    const createdAt = daysAgo(prng, now, 3, 290);
    return {
      name: flag.name,
      project: flag.project,
      description: flag.description,
      type: flag.type,
      stale: flag.stale ?? false,
      impressionData: prng.chance(0.2),
      archived: flag.archived ?? false,
      archivedAt: flag.archived ? new Date(Date.parse(createdAt) + DAY).toISOString() : null,
      createdAt,
      environments: environmentsFor(prng, state, flag),
      dependency: flag.parent ? { feature: flag.parent, enabled: !flag.parentDisabled, variants: [] } : null,
    };
  });
  // An archived flag still linked to an otherwise unused segment: it shows 0 uses and can be deleted (docs/server-behaviour.md#segments).
  const qa = state.segments.find((segment) => segment.name === 'qa-accounts');
  const archived = state.features.find((feature) => feature.name === 'paypal-vault');
  const strategy = archived?.environments[0]?.strategies[0];
  if (qa && strategy) strategy.segments = [qa.id];
  return state;
}

/** What the history generator needs to invent plausible past events about this instance. */
export function historyContext(state: DemoState, end: Date): HistoryContext {
  return {
    projects: state.projects.map((project) => project.id),
    environments: state.environments.map((env) => env.name),
    // with their dates, so the history creates, archives and revives each flag as its state says
    features: state.features.map((feature) => ({
      name: feature.name,
      project: feature.project,
      createdAt: feature.createdAt,
      archivedAt: feature.archivedAt,
      type: feature.type,
      description: feature.description,
    })),
    segments: state.segments.map((segment) => segment.name),
    strategyTypes: state.strategyTypes.map((type) => type.name),
    users: [...SEED_USERS],
    end,
    // the CORS setting's history ends where the state has it (unset: the server's default, every origin)
    ...(state.settings.frontendApiOrigins ? { origins: [...state.settings.frontendApiOrigins] } : {}),
  };
}
