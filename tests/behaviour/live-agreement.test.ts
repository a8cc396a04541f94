import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDependencyLedger } from '../../electron/archive/dependency-ledger';
import { archivePortOf } from '../../electron/archive/archive-port';
import { restoreDependencies, runArchive, runRevive, type JobScope } from '../../electron/archive/archive-job';
import { strategyUsage } from '../../electron/backend/strategy-usage';
import type { FixturedBackend } from '../../electron/backend/instance-fixtures';
import { archiveImpact, withChildrenAdded, type DependencyLink } from '../../shared/domain/archive-impact';
import { originsDanger } from '../../shared/domain/origin';
import { analyseStrategyTypeChange } from '../../shared/domain/strategy-type-change';
import { isApiError } from '../../shared/errors';
import type { PreflightResult } from '../../shared/schemas';
import { BACKEND_TARGETS, type OpenBackend } from './support/backend-targets';
import { REAL } from './support/env';
import { newFeature } from './backend/fixtures';
import { unique } from './support/run-id';

/**
 * The live tier's agreement checks: what the app computes or reports (the preflight tester's verdict, the archive
 * impact, the breaking-change guard's usage list) set against what the real server does at the same moment.
 * Every real Unleash the live tier starts (5.12.8, 6.10.1, 7.6.5, 8.2.0); without one, its target is skipped with the reason.
 */
const TARGETS = BACKEND_TARGETS.filter((target) => target.kind === 'real' && /UNLEASH_URL_[5-8]\)$/.test(target.id));

const ALLOWED = 'https://allowed.flagdesk.test';
const REFUSED = 'https://refused.flagdesk.test';
const ASKED_HEADERS = 'authorization,content-type';
/** Unleash re-reads the setting every 2 minutes: a saved list is waited for this long at most. */
const PROPAGATION_MS = 150_000;
const POLL_MS = 2_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RawAnswer {
  status: number;
  /** The Access-Control-* and Vary headers, lower-case names. */
  headers: Record<string, string>;
}

/** The preflight as a browser sends it, straight to the front-end API with fetch: nothing of the app involved. */
async function rawPreflight(url: string, origin: string): Promise<RawAnswer> {
  const response = await fetch(`${url}/api/frontend`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': ASKED_HEADERS },
  });
  await response.arrayBuffer();
  const headers = Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary'));
  return { status: response.status, headers };
}

/** Whether a browser would go on, read from the raw answer alone (the CORS rules for a credentialed GET). */
function browserAllows(raw: RawAnswer, origin: string): boolean {
  const allowOrigin = raw.headers['access-control-allow-origin'];
  const allowHeaders = (raw.headers['access-control-allow-headers'] ?? '').toLowerCase().split(',').map((h) => h.trim());
  return (
    raw.status >= 200 &&
    raw.status < 300 &&
    (allowOrigin === '*' || allowOrigin === origin) &&
    ASKED_HEADERS.split(',').every((h) => allowHeaders.includes(h) || allowHeaders.includes('*'))
  );
}

/** The app's tester (main's sender, through the remote backend) and a raw fetch, sent at the same moment. */
async function bothAtOnce(opened: OpenBackend, url: string, origin: string): Promise<{ tester: PreflightResult; raw: RawAnswer }> {
  const [tester, raw] = await Promise.all([
    opened.backend.corsPreflight({ origin, method: 'GET', requestHeaders: ASKED_HEADERS }),
    rawPreflight(url, origin),
  ]);
  return { tester, raw };
}

function expectAgreement({ tester, raw }: { tester: PreflightResult; raw: RawAnswer }, origin: string): void {
  expect(tester.status, `status for ${origin}`).toBe(raw.status);
  expect(Object.fromEntries(tester.headers), `headers for ${origin}`).toEqual(raw.headers);
  expect(tester.allowed, `verdict for ${origin}: ${tester.reason}`).toBe(browserAllows(raw, origin));
  expect(tester.answeredBy).toBe('server');
}

/**
 * Saves the list, then saves it again: a save on 6.x-8.x re-reads the stored setting into the front-end API's cache
 * (setFrontendCorsSettings reads it uncached first), so the second save usually makes the first one live at once.
 * Nothing relies on that: callers still poll, up to the 2-minute refresh.
 */
async function saveOrigins(backend: FixturedBackend, origins: string[]): Promise<void> {
  await backend.setFrontendApiOrigins({ origins });
  await backend.setFrontendApiOrigins({ origins });
}

/** Polls tester and raw request together until `settled` holds for an agreeing pair; every pair must agree. */
async function untilServerApplies(opened: OpenBackend, url: string, settled: (pairs: Record<string, Awaited<ReturnType<typeof bothAtOnce>>>) => boolean) {
  const deadline = Date.now() + PROPAGATION_MS;
  for (;;) {
    const pairs = { [ALLOWED]: await bothAtOnce(opened, url, ALLOWED), [REFUSED]: await bothAtOnce(opened, url, REFUSED) };
    for (const [origin, pair] of Object.entries(pairs)) expectAgreement(pair, origin);
    if (settled(pairs)) return pairs;
    if (Date.now() > deadline) {
      throw new Error(`the server did not apply the saved list within ${PROPAGATION_MS / 1000} s: ${JSON.stringify(pairs)}`);
    }
    await pause(POLL_MS);
  }
}

for (const target of TARGETS) {
  const major = Number(/UNLEASH_URL_(\d)/.exec(target.id)?.[1]);
  describe.skipIf(target.skip !== undefined)(`live agreement: ${target.id}`, () => {
    if (target.skip) {
      console.info(target.skip);
      it.skip(target.skip, () => undefined);
      return;
    }
    const url = REAL[major as 6 | 8]!.url;
    let opened: OpenBackend;
    let backend: FixturedBackend;
    beforeAll(async () => {
      opened = await target.open();
      backend = opened.backend;
    });
    afterAll(async () => {
      // leave the server as a fresh one answers: every origin allowed
      await saveOrigins(backend, ['*']).catch(() => undefined);
      await opened?.close();
    });

    describe('CORS preflight', () => {
      it('the tester and a raw OPTIONS sent at the same moment agree, for an allowed and a refused origin', async () => {
        await saveOrigins(backend, [ALLOWED]);
        // whatever list the server applies right now (its cache may still hold the previous one), both see the same
        for (const origin of [ALLOWED, REFUSED]) expectAgreement(await bothAtOnce(opened, url, origin), origin);
      });

      it('once the server applies the saved list, the tester allows the listed origin and refuses the other', async () => {
        await saveOrigins(backend, [ALLOWED]);
        const pairs = await untilServerApplies(opened, url, (p) => p[ALLOWED]!.tester.allowed && !p[REFUSED]!.tester.allowed);
        expect(pairs[ALLOWED]!.raw.headers['access-control-allow-origin']).toBe(ALLOWED);
        expect(pairs[REFUSED]!.raw.headers['access-control-allow-origin']).toBeUndefined();
        // a refused origin still gets 204: only the Allow-Origin header is missing
        expect(pairs[REFUSED]!.raw.status).toBe(204);
        expect(pairs[REFUSED]!.tester.reason).toContain(`${REFUSED} is not in the allowed origins`);
      }, PROPAGATION_MS + 30_000);

      it('an empty list allows every origin on this server, as the app warns', async () => {
        expect(originsDanger([])).toBe('empty-means-any');
        await saveOrigins(backend, []);
        expect((await backend.getUiConfig()).frontendApiOrigins).toEqual([]);
        const pairs = await untilServerApplies(opened, url, (p) => p[REFUSED]!.tester.allowed);
        for (const origin of [ALLOWED, REFUSED] as const) {
          expect(pairs[origin]!.raw.headers['access-control-allow-origin']).toBe('*');
          expect(pairs[origin]!.tester.reason).toContain('every origin');
        }
      }, PROPAGATION_MS + 30_000);
    });

    describe('archive impact', () => {
      let ledgerDir: string;
      beforeAll(async () => {
        ledgerDir = await mkdtemp(join(tmpdir(), 'flagdesk-live-ledger-'));
      });
      afterAll(async () => {
        await rm(ledgerDir, { recursive: true, force: true });
      });

      it("the app's impact (children named, dependencies removed) is what the server refuses and does", async () => {
        const parent = await newFeature(backend, 'a-parent');
        const [childA, childB, lone] = [await newFeature(backend, 'a-child'), await newFeature(backend, 'a-child'), await newFeature(backend, 'a-lone')];
        for (const child of [childA, childB]) await backend.fixtures.addDependency('default', child, { feature: parent, enabled: true });
        const port = archivePortOf(backend);
        // as the archive screen and the dry-run report build it: validate, then each selected flag's links
        const impactOf = async (selection: string[]) => {
          const links: DependencyLink[] = [];
          for (const name of selection) {
            const feature = await backend.getFeature({ projectId: 'default', featureName: name });
            for (const child of feature.children ?? []) links.push({ parent: name, child });
            for (const dependency of feature.dependencies ?? []) links.push({ parent: dependency.feature, child: name });
          }
          const unique = [...new Map(links.map((link) => [`${link.child}>${link.parent}`, link])).values()];
          const flags = await backend.listProjectFeatures({ projectId: 'default' });
          return archiveImpact(selection, await port.validate('default', selection), unique, flags);
        };
        const active = async () => new Set((await backend.listProjectFeatures({ projectId: 'default' })).map((f) => f.name));

        // the parent and one child: blocked, naming the child left behind; the server refuses that selection
        const blocked = await impactOf([parent, childA]);
        expect(blocked.verdict).toBe('blocked');
        expect(blocked.orphaningParents).toEqual([{ parent, children: [{ name: childB, enabledIn: [] }] }]);
        const refusal = await backend.archiveFeatures({ projectId: 'default', features: [parent, childA] }).then(
          () => null,
          (error: unknown) => error,
        );
        expect(isApiError(refusal) ? `${refusal.status} ${refusal.name}` : refusal).toBe('403 InvalidOperationError');
        expect([...(await active())]).toEqual(expect.arrayContaining([parent, childA, childB]));

        // the fix-it adds the named child: the verdict lists both links, and archiving removes exactly those
        const fixed = await impactOf(withChildrenAdded(blocked));
        expect(fixed.verdict).toBe('removes-dependencies');
        expect(fixed.removedDependencies).toEqual(expect.arrayContaining([{ parent, child: childA }, { parent, child: childB }]));
        expect(fixed.removedDependencies).toHaveLength(2);
        const scope: JobScope = { port, ledger: createDependencyLedger(ledgerDir), profileId: 'live', now: () => new Date().toISOString() };
        const run = await runArchive(scope, 'default', fixed.selection);
        expect(run.outcome).toBe('archived');
        const now = await active();
        expect([parent, childA, childB].filter((name) => now.has(name))).toEqual([]);
        const removedEvents = (await backend.listEvents({})).events.filter((e) => e.type === 'feature-dependencies-removed' && [parent, childA, childB].includes(e.featureName ?? ''));
        // 6.x and later write one per child whose link went; 5.x writes one for every flag it archives, links or not
        const recorded = major === 5 ? [parent, childA, childB] : [childA, childB];
        expect(removedEvents.map((e) => e.featureName).sort()).toEqual(recorded.sort());

        // a flag without links: clean, and the server archives it without removing any dependency
        const clean = await impactOf([lone]);
        expect(clean.verdict).toBe('clean');
        expect((await runArchive(scope, 'default', [lone])).outcome).toBe('archived');
        expect((await backend.listEvents({})).events.some((e) => e.type === 'feature-dependencies-removed' && e.featureName === lone)).toBe(major === 5);

        // revived children come back without their parent (the server forgets it); the app's record brings it back
        const revive = await runRevive(scope, 'default', [parent, childA, childB]);
        expect(revive.revived.sort()).toEqual([parent, childA, childB].sort());
        expect((await backend.getFeature({ projectId: 'default', featureName: childA })).dependencies ?? []).toEqual([]);
        expect(revive.restorable.map((link) => `${link.child}>${link.parent}`).sort()).toEqual([`${childA}>${parent}`, `${childB}>${parent}`].sort());
        const restored = await restoreDependencies(scope, 'default', [childA, childB]);
        expect(restored.failed).toEqual([]);
        for (const child of [childA, childB]) {
          const feature = await backend.getFeature({ projectId: 'default', featureName: child });
          expect((feature.dependencies ?? []).map((d) => d.feature)).toEqual([parent]);
        }
      });
    });

    describe("breaking-change guard's usage list", () => {
      it('lists exactly the strategies the server stores for the type, and a breaking update leaves their values orphaned as it says', async () => {
        const type = unique('g-tenant');
        await backend.fixtures.createStrategyType({
          name: type,
          parameters: [
            { name: 'region', type: 'string', required: false },
            { name: 'tier', type: 'string', required: false },
          ],
        });
        const [flagA, flagB, other] = [await newFeature(backend, 'g-flag'), await newFeature(backend, 'g-flag'), await newFeature(backend, 'g-other')];
        const a = await backend.fixtures.addFeatureStrategy('default', flagA, 'development', { name: type, parameters: { region: 'eu', tier: 'gold' } });
        const b = await backend.fixtures.addFeatureStrategy('default', flagB, 'production', { name: type, parameters: { region: 'us' } });
        await backend.fixtures.addFeatureStrategy('default', other, 'development', { name: 'flexibleRollout', parameters: { rollout: '50', stickiness: 'default', groupId: other } });

        const reads = {
          projects: () => backend.listProjects(),
          features: (projectId: string) => backend.listProjectFeatures({ projectId }),
          feature: (projectId: string, featureName: string) => backend.getFeature({ projectId, featureName }),
        };
        const usages = await strategyUsage(reads, type);
        const byFlag = (rows: typeof usages) => [...rows].sort((x, y) => x.featureName.localeCompare(y.featureName));
        expect(byFlag(usages)).toEqual(
          byFlag([
            { strategyName: type, projectId: 'default', featureName: flagA, environment: 'development', strategyId: a.id!, parameters: { region: 'eu', tier: 'gold' } },
            { strategyName: type, projectId: 'default', featureName: flagB, environment: 'production', strategyId: b.id!, parameters: { region: 'us' } },
          ]),
        );

        // drop "region", make "tier" required: both strategies break, each with what it stores
        const before = (await backend.listStrategyTypes()).find((t) => t.name === type)!;
        const after = { description: before.description, title: before.title, parameters: [{ name: 'tier', type: 'string' as const, description: '', required: true }] };
        const change = analyseStrategyTypeChange(before, after, usages);
        const problems = Object.fromEntries(change.broken.map(({ usage, problems }) => [usage.featureName, problems.map((p) => `${p.kind}:${p.parameter}`).sort()]));
        expect(problems).toEqual({ [flagA]: ['orphaned-value:region'], [flagB]: ['missing-required:tier', 'orphaned-value:region'].sort() });

        // the server takes the change and keeps the stored values: the orphaned "region" stays on both strategies
        await backend.updateStrategyType({ name: type, update: after });
        const stored = await strategyUsage(reads, type);
        expect(Object.fromEntries(stored.map((u) => [u.featureName, u.parameters.region]))).toEqual({ [flagA]: 'eu', [flagB]: 'us' });
      });
    });
  });
}

if (TARGETS.length === 0) it.skip('live agreement: no real Unleash target is defined', () => undefined);
