import type { Prng } from '../../../../shared/prng';

/**
 * Realistic event payloads, shaped like the records Unleash writes (strategy, constraint, segment, flag, token),
 * so that the event browser and free-text search have something true to life to work on.
 */

type Json = Record<string, unknown>;

const WORDS = [
  'checkout', 'rollout', 'pricing', 'search', 'onboarding', 'billing', 'beta', 'mobile', 'dashboard', 'payments',
  'recommendations', 'cache', 'experiment', 'migration', 'latency', 'signup', 'cart', 'reporting', 'export', 'dark',
];
/** Appears about once in 100,000 descriptions: the bench's "rare term". */
export const RARE_WORD = 'quasar';
export const TEAMS = ['team-checkout', 'team-growth', 'team-platform', 'team-mobile', 'team-data', 'team-payments'];
const FLAG_TYPES = ['release', 'experiment', 'operational', 'kill-switch', 'permission'];
const APPS = ['web', 'ios', 'android', 'checkout-service', 'search-api', 'billing-worker'];
const COUNTRIES = ['NO', 'SE', 'DE', 'US', 'GB', 'FR', 'NL', 'ES'];

export function sentence(rng: Prng, words = 4): string {
  let text = rng.pick(WORDS);
  for (let i = 1; i < words; i++) text += ' ' + rng.pick(WORDS);
  if (rng.chance(0.00001)) text += ' ' + RARE_WORD;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function constraint(rng: Prng): Json {
  const kind = rng.int(6);
  const base = { inverted: rng.chance(0.1), caseInsensitive: false };
  switch (kind) {
    case 0:
      return { contextName: 'userId', operator: 'IN', values: Array.from({ length: 1 + rng.int(3) }, () => `user-${rng.int(5000)}`), ...base };
    case 1:
      return { contextName: 'appName', operator: 'IN', values: rng.sample(APPS, 1 + rng.int(2)), ...base };
    case 2:
      return { contextName: 'country', operator: 'NOT_IN', values: rng.sample(COUNTRIES, 1 + rng.int(3)), ...base };
    case 3:
      return { contextName: 'appVersion', operator: 'SEMVER_GT', value: `${1 + rng.int(4)}.${rng.int(20)}.0`, ...base };
    case 4:
      return { contextName: 'currentTime', operator: 'DATE_AFTER', value: `2026-0${1 + rng.int(9)}-01T00:00:00.000Z`, ...base };
    default:
      return { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'], ...base, caseInsensitive: true };
  }
}

export function constraints(rng: Prng, max = 2): Json[] {
  return Array.from({ length: rng.int(max + 1) }, () => constraint(rng));
}

export function strategyParameters(rng: Prng, name: string, feature: string): Record<string, string> {
  switch (name) {
    case 'flexibleRollout':
      return { rollout: String(5 * rng.int(21)), stickiness: rng.pick(['default', 'userId', 'sessionId']), groupId: feature };
    case 'userWithId':
      return { userIds: Array.from({ length: 2 + rng.int(3) }, () => `user-${rng.int(5000)}`).join(',') };
    case 'remoteAddress':
      return { IPs: `10.${rng.int(255)}.0.0/16, 192.168.${rng.int(255)}.1` };
    case 'applicationHostname':
      return { hostNames: `web-${rng.int(9)}.internal,web-${rng.int(9)}.internal` };
    case 'default':
      return {};
    default:
      return { [`${name}Param`]: sentence(rng, 1).toLowerCase() };
  }
}

export function strategy(rng: Prng, name: string, feature: string, segmentIds: number[]): Json {
  return {
    id: rng.uuid(),
    name,
    title: rng.chance(0.3) ? sentence(rng, 2) : null,
    disabled: false,
    parameters: strategyParameters(rng, name, feature),
    constraints: constraints(rng),
    variants: [],
    segments: segmentIds,
    sortOrder: rng.int(5),
  };
}

/**
 * The same strategy after an edit: a new rollout (moved by 5..50 points mod 105, so never the same), or a constraint
 * removed from a non-empty list or added: never a no-op, which Unleash would not store.
 */
export function editedStrategy(rng: Prng, before: Json): Json {
  const after: Json = { ...before };
  if (before.name === 'flexibleRollout' && rng.chance(0.7)) {
    const params = { ...(before.parameters as Record<string, string>) };
    params.rollout = String((Number(params.rollout ?? 0) + 5 * (1 + rng.int(10))) % 105);
    after.parameters = params;
  } else {
    const list = before.constraints as Json[];
    after.constraints = list.length > 0 && rng.chance(0.5) ? list.slice(1) : [...list, constraint(rng)];
  }
  return after;
}

export function flag(rng: Prng, name: string, project: string, createdAt: string): Json {
  return {
    name,
    description: sentence(rng, 6),
    type: rng.pick(FLAG_TYPES),
    project,
    stale: false,
    impressionData: rng.chance(0.2),
    createdAt,
    lastSeenAt: null,
  };
}

export function segment(rng: Prng, id: number, name: string, project: string | null, actor: string, createdAt: string): Json {
  return {
    id,
    name,
    description: sentence(rng, 3),
    ...(project ? { project } : {}),
    constraints: [constraint(rng), ...constraints(rng, 1)],
    createdBy: actor,
    createdAt,
  };
}

export function strategyDefinition(rng: Prng, name: string): Json {
  return {
    name,
    description: sentence(rng, 5),
    parameters: [
      { name: `${name}Param`, type: rng.pick(['string', 'list', 'percentage', 'number']), description: sentence(rng, 3), required: rng.chance(0.5) },
    ],
  };
}

export function apiToken(rng: Prng, projects: string[], environment: string, createdAt: string): Json {
  const tokenName = `${rng.pick(APPS)}-${rng.int(100)}`;
  const project = rng.pick(projects);
  return {
    tokenName,
    type: rng.pick(['client', 'frontend']),
    environment,
    projects: [project],
    alias: null,
    project,
    createdAt,
    secure: true,
  };
}

export function contextField(rng: Prng, name: string): Json {
  return {
    name,
    description: sentence(rng, 4),
    legalValues: rng.sample(COUNTRIES, 2 + rng.int(3)).map((value) => ({ value, description: `${value} market` })),
    stickiness: rng.chance(0.3),
  };
}

export function variants(rng: Prng): Json[] {
  const names = rng.sample(['control', 'variant-a', 'variant-b', 'blue', 'green'], 2);
  return names.map((name) => ({ name, weight: 500, weightType: 'variable', stickiness: 'default', payload: null }));
}
