import { expect } from 'vitest';
import { evaluateClientState, type ClientConstraint, type ClientState, type EvaluationContext } from '../../../shared/evaluation';
import { OPERATORS, type Operator } from '../../../shared/domain/operators';
import { Prng } from '../../../shared/prng';
import { addStrategy, createFeature, createSegment, createStrategyType, enableIn, ensureContextField, getJson } from '../support/wire-fixtures';
import type { Send } from '../support/wire-client';
import { area, type WireScenario } from './scenario';
import { badData } from './common';

/**
 * POST /api/admin/playground: its 400s, its answer's shape, and the local evaluator's verdict against the server's
 * for seeded contexts on flags whose constraints use every operator the server has, inside segments too. Against
 * real 6.10.1 and 8.2.0 (the live tier) this is the check that the local verdict equals the server's.
 */

const PATH = '/api/admin/playground';
const APP = { appName: 'flagdesk-behaviour' };

interface Fx {
  plain: string;
  custom: string;
  generated: string[];
  /** The generated flags and their segments as the client API would give them, for the local evaluator. */
  state: ClientState;
  contexts: EvaluationContext[];
  verdicts: boolean[];
}

// Operators that differ between the SDK and a server's playground (IN/NOT_IN with caseInsensitive, versions with a
// "v") are left out by construction, so any disagreement here is a bug of ours.
const VALUES: Record<string, string[]> = {
  userId: ['u1', 'u2', 'u3', 'user-42'],
  tier: ['gold', 'silver', 'bronze', 'Gold'],
  email: ['anna@example.com', 'bob@test.org', 'carl@example.com'],
  version: ['1.0.0', '1.2.3', '2.0.0-beta.1', '2.0.0'],
  age: ['17', '18', '42', '3.5'],
};

function constraintFor(prng: Prng, operator: Operator): Record<string, unknown> {
  if (operator.startsWith('NUM_')) return { contextName: 'age', operator, value: prng.pick(['0', '18', '30', '42.5']) };
  if (operator.startsWith('DATE_')) return { contextName: 'currentTime', operator, value: prng.pick(['2024-06-01T00:00:00.000Z', '2025-06-01T00:00:00.000Z']) };
  if (operator.startsWith('SEMVER_')) return { contextName: 'version', operator, value: prng.pick(['1.2.3', '2.0.0-beta.2', '2.0.0']) };
  if (operator === 'REGEX') return { contextName: 'email', operator, value: prng.pick(['@example\\.com$', '^[a-c]']), caseInsensitive: prng.chance(0.5) };
  if (operator === 'IN' || operator === 'NOT_IN') {
    const field = prng.pick(['userId', 'tier']);
    return { contextName: field, operator, values: [prng.pick(VALUES[field]!), prng.pick(VALUES[field]!)], inverted: prng.chance(0.3) };
  }
  return {
    contextName: prng.pick(['tier', 'email']),
    operator,
    values: [prng.pick(['go', 'GO', 'example', '.org', 'an', 'ld'])],
    caseInsensitive: prng.chance(0.5),
    inverted: prng.chance(0.3),
  };
}

function contextFor(prng: Prng): EvaluationContext {
  return {
    ...APP,
    userId: prng.pick(VALUES.userId!),
    currentTime: prng.pick(['2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']),
    properties: { tier: prng.pick(VALUES.tier!), email: prng.pick(VALUES.email!), version: prng.pick(VALUES.version!), age: prng.pick(VALUES.age!) },
  };
}

interface AdminStrategy {
  name: string;
  parameters: Record<string, string>;
  constraints: ClientConstraint[];
  segments?: number[];
}

async function setup(send: Send): Promise<Fx> {
  const version = (await getJson(send, '/api/admin/ui-config')) as { version: string };
  const [major = 0, minor = 0] = version.version.split('.').map((part) => Number.parseInt(part, 10));
  // Asked of the real servers: 6.10.1 has neither SEMVER_GTE/LTE nor REGEX; 7.6.5 has REGEX (since 7.4.2) but not
  // SEMVER_GTE/LTE; 8.2.0 has all 18.
  const hasRegex = major > 7 || (major === 7 && minor >= 4);
  const operators = OPERATORS.filter(
    (op) => (op !== 'REGEX' || hasRegex) && (major >= 8 || !['SEMVER_GTE', 'SEMVER_LTE'].includes(op)),
  );
  for (const field of ['tier', 'email', 'version', 'age']) await ensureContextField(send, field);
  const prng = new Prng(2026);

  const plain = await createFeature(send, 'pg-plain');
  await addStrategy(send, plain, {
    name: 'default',
    parameters: {},
    constraints: [
      { contextName: 'userId', operator: 'IN', values: ['nobody'] },
      { contextName: 'tier', operator: 'STR_STARTS_WITH', values: ['go'] },
    ],
  });
  await enableIn(send, plain);
  const custom = await createFeature(send, 'pg-custom');
  await addStrategy(send, custom, { name: await createStrategyType(send, 'pg-type'), parameters: {}, constraints: [] });
  await enableIn(send, custom);

  const segments: number[] = [];
  const segmentDefs: ClientState['segments'] = [];
  for (let i = 0; i < 3; i++) {
    const constraints = [constraintFor(prng, prng.pick(operators)), constraintFor(prng, prng.pick(operators))];
    const id = await createSegment(send, { name: `pg-seg-${i}-${Date.now().toString(36)}`, constraints });
    segments.push(id);
    // As stored: the server may normalise what it was sent.
    const stored = (await getJson(send, `/api/admin/segments/${id}`)) as { constraints: ClientConstraint[] };
    segmentDefs.push({ id, constraints: stored.constraints });
  }
  const generated: string[] = [];
  // Each operator appears in at least one strategy; every other flag also uses a segment.
  for (let i = 0; i < operators.length; i++) {
    const name = await createFeature(send, 'pg-gen');
    const body = {
      name: 'flexibleRollout',
      parameters: { rollout: String(prng.pick([50, 100])), stickiness: 'default', groupId: name },
      constraints: [constraintFor(prng, operators[i]!), constraintFor(prng, prng.pick(operators))],
      ...(i % 2 === 0 ? { segments: [prng.pick(segments)] } : {}),
    };
    await addStrategy(send, name, body);
    await enableIn(send, name);
    generated.push(name);
  }
  // The definitions as stored (the server may normalise values), turned into the client API's shape.
  const features = [];
  for (const name of generated) {
    const flag = (await getJson(send, `/api/admin/projects/default/features/${name}`)) as {
      environments: { name: string; enabled: boolean; strategies: AdminStrategy[] }[];
    };
    const env = flag.environments.find((e) => e.name === 'development')!;
    features.push({ name, enabled: env.enabled, strategies: env.strategies.map(({ name: n, parameters, constraints, segments: s }) => ({ name: n, parameters, constraints, segments: s ?? [] })) });
  }
  const contexts = Array.from({ length: 12 }, () => contextFor(prng));
  return { plain, custom, generated, state: { features, segments: segmentDefs }, contexts, verdicts: [] };
}

const body = (overrides: Record<string, unknown>) => ({ environment: 'development', projects: ['default'], context: APP, ...overrides });
type Feature = { name: string; isEnabled: boolean; strategies: { result: unknown; data: { result: unknown; constraints: { result: boolean }[] }[] } };
const featuresOf = (json: unknown) => (json as { features: Feature[] }).features;
const find = (json: unknown, name: string) => featuresOf(json).find((f) => f.name === name);

const refusals: WireScenario<Fx>[] = [
  { name: 'no environment', request: { method: 'POST', path: PATH, body: { context: APP } }, expect: badData('`/body/environment` property is required') },
  { name: 'no context', request: { method: 'POST', path: PATH, body: { environment: 'development' } }, expect: badData('`/body/context` property is required') },
  { name: 'no appName', request: { method: 'POST', path: PATH, body: body({ context: { userId: 'u1' } }) }, expect: badData('`/body/context/appName` property is required') },
  { name: 'context not an object', request: { method: 'POST', path: PATH, body: body({ context: 'u1' }) }, expect: badData('must be object') },
  { name: 'properties not an object', request: { method: 'POST', path: PATH, body: body({ context: { ...APP, properties: 'x' } }) }, expect: badData('must be object') },
  { name: 'a bad currentTime', request: { method: 'POST', path: PATH, body: body({ context: { ...APP, currentTime: 'yesterday' } }) }, expect: badData('date-time') },
  { name: 'projects neither "*" nor a list', request: { method: 'POST', path: PATH, body: body({ projects: 'default' }) }, expect: { status: 400, name: 'BadDataError' } },
];

const answers: WireScenario<Fx>[] = [
  {
    name: 'numbers in the context come back as strings; every constraint is evaluated; no event',
    request: { method: 'POST', path: PATH, body: body({ context: { ...APP, userId: 7, properties: { tier: 'gold', n: 5 } } }) },
    expect: {
      status: 200,
      body: (json, fx) => {
        expect((json as { input: unknown }).input).toMatchObject({ context: { userId: '7', properties: { tier: 'gold', n: '5' } } });
        const plain = find(json, fx.plain)!;
        expect(plain).toMatchObject({ isEnabled: false, isEnabledInCurrentEnvironment: true, hasUnsatisfiedDependency: false });
        expect(plain.strategies.data[0]!.constraints.map((c) => c.result)).toEqual([false, true]);
        expect(plain.strategies.data[0]!.result).toEqual({ enabled: false, evaluationStatus: 'complete' });
      },
      noEventsMentioning: (fx) => fx.plain,
    },
  },
  {
    name: 'a custom strategy is "unknown" (incomplete), and so is the flag',
    request: { method: 'POST', path: PATH, body: body({}) },
    expect: {
      status: 200,
      body: (json, fx) => {
        const custom = find(json, fx.custom)!;
        expect(custom.strategies.result).toBe('unknown');
        expect(custom.strategies.data[0]!.result).toEqual({ enabled: 'unknown', evaluationStatus: 'incomplete' });
        expect(custom.isEnabled).toBe(false);
      },
    },
  },
  {
    name: 'an unknown environment: every flag off',
    request: { method: 'POST', path: PATH, body: body({ environment: 'no-such-env' }) },
    expect: {
      status: 200,
      body: (json, fx) => {
        for (const name of [fx.plain, fx.custom]) expect(find(json, name)).toMatchObject({ isEnabled: false, isEnabledInCurrentEnvironment: false, strategies: { result: false, data: [] } });
      },
    },
  },
];

// The local verdict against the server's, one request per seeded context.
const agreement: WireScenario<Fx>[] = Array.from({ length: 12 }, (_, i) => ({
  name: `local verdict equals the server's, context ${i + 1} of 12`,
  request: (fx: Fx) => ({ method: 'POST' as const, path: PATH, body: body({ context: fx.contexts[i] }) }),
  expect: {
    status: 200,
    body: (json: unknown, fx: Fx) => {
      const context = fx.contexts[i]!;
      const disagreements = fx.generated.flatMap((name) => {
        const server = find(json, name);
        const local = evaluateClientState(fx.state, name, context);
        const serverConstraints = server?.strategies.data[0]?.constraints.map((c) => c.result);
        const localConstraints = local.explanation.strategies[0]?.constraints.map((c) => c.passed);
        return server?.isEnabled === local.enabled && JSON.stringify(serverConstraints) === JSON.stringify(localConstraints)
          ? []
          : [{ name, server: { isEnabled: server?.isEnabled, constraints: serverConstraints }, local: { enabled: local.enabled, constraints: localConstraints }, definition: fx.state.features.find((f) => f.name === name) }];
      });
      expect(disagreements, `context ${JSON.stringify(context)}`).toEqual([]);
      fx.verdicts.push(...fx.generated.map((name) => find(json, name)?.isEnabled === true));
      // After the last context: both verdicts occurred, so the comparison was not vacuous.
      if (i === 11) expect(new Set(fx.verdicts)).toEqual(new Set([true, false]));
    },
  },
}));

export const playgroundArea = area<Fx>({ name: 'playground', setup, scenarios: [...refusals, ...answers, ...agreement] });
