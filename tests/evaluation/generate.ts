import type {
  ClientConstraint,
  ClientFeature,
  ClientSegment,
  ClientState,
  ClientStrategy,
  ClientVariant,
  EvaluationContext,
} from '../../shared/evaluation';
import { OPERATORS } from '../../shared/domain/operators';
import { Prng } from '../../shared/prng';

export const createPrng = (seed: number): Prng => new Prng(seed);

/**
 * Seeded generators of client states and contexts for the differential, live and bench checks. Values come from small
 * pools shared by constraints and contexts, so that constraints match about as often as they fail, and include the
 * awkward ones (empty strings, "v1.2.3", leading zeros, case changes, non-numbers) where evaluators tend to disagree.
 */

export const POOLS = {
  userId: ['u1', 'u2', 'u3', 'user-42', 'User-42', '7', '', 'anna@example.com'],
  sessionId: ['s1', 's2', 's-99', '123'],
  remoteAddress: ['10.0.0.1', '10.0.1.5', '192.168.1.10', '192.168.2.200', '127.0.0.1', '01.2.3.4', '300.1.1.1', 'nope'],
  tier: ['gold', 'Gold', 'silver', 'bronze', 'platinum-plus', ''],
  version: ['1.0.0', '1.2.3', '1.10.0', '2.0.0-beta.1', '2.0.0-beta.10', '2.0.0', 'v1.2.3', '1.2', '=1.2.3', '1.2.3+build.5'],
  age: ['17', '18', '42', '3.5', '-1', 'abc', '', ' 5', '1e2'],
  email: ['anna@example.com', 'BOB@Example.COM', 'carl@test.org', 'no-at-sign'],
  currentTime: ['2020-06-01T00:00:00.000Z', '2024-01-15T12:00:00Z', '2025-07-01T08:30:00.000Z', '2031-01-01T00:00:00Z', 'not a date'],
} as const;

const PROPERTY_FIELDS = ['tier', 'version', 'age', 'email'] as const;
const ALL_FIELDS = ['userId', 'sessionId', 'remoteAddress', 'currentTime', ...PROPERTY_FIELDS, 'missingField'] as const;

const STRING_VALUES = ['u', 'U', 'gold', 'GOLD', 'sil', 'example', 'EXAMPLE.com', '.org', '@', '42', '1.2', ' gold ', ''];
const NUMBER_VALUES = ['0', '17', '18', '42', '3.5', '-1', '100', 'abc'];
const DATE_VALUES = ['2021-01-01T00:00:00.000Z', '2024-06-01T00:00:00Z', '2026-01-01', '2030-12-31T23:59:59Z', 'garbage'];
const SEMVER_VALUES = ['1.0.0', '1.2.3', '1.10.0', '2.0.0-beta.2', '2.0.0', '2.0.0-alpha', 'bad'];
const REGEX_VALUES = ['^u\\d$', '^user-\\d+$', '@example\\.com$', '^[[:alpha:]]+$', 'gold|silver', '(?i)^GOLD$', '^(a)\\1$', '(broken', '\\bexample\\b'];

function pickFieldFor(prng: Prng, kind: string): string {
  if (prng.chance(0.15)) return prng.pick(ALL_FIELDS);
  switch (kind) {
    case 'number':
      return 'age';
    case 'date':
      return 'currentTime';
    case 'semver':
      return 'version';
    default:
      return prng.pick(['userId', 'tier', 'email', 'sessionId', 'remoteAddress']);
  }
}

export function generateConstraint(prng: Prng): ClientConstraint {
  const operator = prng.pick(OPERATORS);
  const kind = operator.startsWith('NUM')
    ? 'number'
    : operator.startsWith('DATE')
      ? 'date'
      : operator.startsWith('SEMVER')
        ? 'semver'
        : operator === 'REGEX'
          ? 'regex'
          : 'string';
  const contextName = pickFieldFor(prng, kind);
  const constraint: ClientConstraint = { contextName, operator };
  if (kind === 'string') {
    const pool = operator === 'IN' || operator === 'NOT_IN' ? [...POOLS.userId, ...POOLS.tier, ...POOLS.remoteAddress] : STRING_VALUES;
    constraint.values = Array.from({ length: prng.between(0, 4) }, () => prng.pick(pool));
  } else {
    const pool = { number: NUMBER_VALUES, date: DATE_VALUES, semver: SEMVER_VALUES, regex: REGEX_VALUES }[kind]!;
    constraint.value = prng.pick(pool);
    // Old servers send `values` alongside single values; evaluators must ignore them.
    if (prng.chance(0.2)) constraint.values = [prng.pick(pool)];
  }
  if (prng.chance(0.3)) constraint.inverted = true;
  if (prng.chance(0.3)) constraint.caseInsensitive = true;
  return constraint;
}

function generateVariants(prng: Prng, groupHint: string): ClientVariant[] {
  const count = prng.between(0, 4);
  const stickiness = prng.pick([undefined, 'default', 'userId', 'sessionId', 'tier', 'random']);
  return Array.from({ length: count }, (_, i) => {
    const variant: ClientVariant = {
      name: `${groupHint}-v${i}`,
      weight: prng.pick([0, 1, 50, 100, 333, 1000]),
      weightType: 'variable',
    };
    if (stickiness !== undefined) variant.stickiness = stickiness;
    if (prng.chance(0.5)) variant.payload = { type: prng.pick(['string', 'json']), value: `payload-${i}` };
    if (prng.chance(0.2)) {
      variant.overrides = [{ contextName: prng.pick(['userId', 'tier']), values: [prng.pick(POOLS.userId), prng.pick(POOLS.tier)] }];
    }
    return variant;
  });
}

const BUILT_IN = [
  'default',
  'userWithId',
  'flexibleRollout',
  'flexibleRollout',
  'gradualRolloutUserId',
  'gradualRolloutSessionId',
  'gradualRolloutRandom',
  'remoteAddress',
  'applicationHostname',
  'myCustomStrategy',
] as const;

function generateStrategy(prng: Prng, flag: string, segmentIds: number[], hostname: string): ClientStrategy {
  const name = prng.pick(BUILT_IN);
  const parameters: Record<string, string> = {};
  switch (name) {
    case 'userWithId':
      parameters.userIds = [prng.pick(POOLS.userId), prng.pick(POOLS.userId)].join(prng.pick([',', ', ', ' ,']));
      break;
    case 'flexibleRollout':
      parameters.rollout = String(prng.pick([0, 1, 25, 50, 75, 99, 100]));
      parameters.stickiness = prng.pick(['default', 'userId', 'sessionId', 'random', 'tier', 'age']);
      if (prng.chance(0.8)) parameters.groupId = prng.pick([flag, 'shared-group']);
      break;
    case 'gradualRolloutUserId':
    case 'gradualRolloutSessionId':
    case 'gradualRolloutRandom':
      parameters.percentage = String(prng.pick([0, 10, 50, 100]));
      parameters.groupId = flag;
      break;
    case 'remoteAddress':
      parameters.IPs = [prng.pick(['10.0.0.0/24', '192.168.0.0/16', '127.0.0.1', '10.0.1.5', '0.0.0.0/0', 'bad/99']), prng.pick(POOLS.remoteAddress)].join(', ');
      break;
    case 'applicationHostname':
      parameters.hostNames = prng.pick([hostname.toUpperCase(), 'other-host', `a, ${hostname}`]);
      break;
  }
  const strategy: ClientStrategy = { name, parameters, constraints: Array.from({ length: prng.between(0, 3) }, () => generateConstraint(prng)) };
  if (segmentIds.length > 0 && prng.chance(0.4)) {
    strategy.segments = Array.from({ length: prng.between(1, 2) }, () => (prng.chance(0.05) ? 999 : prng.pick(segmentIds)));
  }
  if (prng.chance(0.3)) strategy.variants = generateVariants(prng, `${flag}-s`);
  return strategy;
}

export interface GenerateOptions {
  flags: number;
  segments?: number;
  /** The host name the applicationHostname strategies may name. */
  hostname?: string;
  project?: string;
}

export function generateState(seed: number, options: GenerateOptions): ClientState {
  const prng = createPrng(seed);
  const segments: ClientSegment[] = Array.from({ length: options.segments ?? 5 }, (_, i) => ({
    id: i + 1,
    name: `segment-${i + 1}`,
    constraints: Array.from({ length: prng.between(0, 3) }, () => generateConstraint(prng)),
  }));
  const ids = segments.map((s) => s.id);
  const features: ClientFeature[] = [];
  for (let i = 0; i < options.flags; i++) {
    const name = `flag-${seed}-${i}`;
    const feature: ClientFeature = {
      name,
      enabled: prng.chance(0.85),
      project: options.project ?? 'default',
      strategies: Array.from({ length: prng.between(0, 3) }, () => generateStrategy(prng, name, ids, options.hostname ?? 'localhost')),
      variants: generateVariants(prng, name),
    };
    // Dependencies on an earlier flag (one level only, as Unleash allows), now and then on a missing one.
    const parents = features.filter((f) => !f.dependencies?.length);
    if (parents.length > 0 && prng.chance(0.2)) {
      const parent = prng.chance(0.1) ? { name: 'no-such-flag', variants: [] } : prng.pick(parents);
      const dependency: { feature: string; enabled?: boolean; variants?: string[] } = { feature: parent.name };
      if (prng.chance(0.3)) dependency.enabled = false;
      else if (parent.variants?.length && prng.chance(0.5)) dependency.variants = [parent.variants[0]!.name];
      feature.dependencies = [dependency];
    }
    features.push(feature);
  }
  return { version: 2, features, segments };
}

export function generateContext(prng: Prng): EvaluationContext {
  const context: EvaluationContext = {};
  if (prng.chance(0.8)) context.userId = prng.pick(POOLS.userId);
  if (prng.chance(0.5)) context.sessionId = prng.pick(POOLS.sessionId);
  if (prng.chance(0.5)) context.remoteAddress = prng.pick(POOLS.remoteAddress);
  if (prng.chance(0.6)) context.currentTime = prng.pick(POOLS.currentTime);
  const properties: Record<string, string> = {};
  for (const field of PROPERTY_FIELDS) if (prng.chance(0.7)) properties[field] = prng.pick(POOLS[field]);
  context.properties = properties;
  return context;
}

