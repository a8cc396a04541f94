import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApp, type AppHarness } from '../harness/app-harness';
import { connectChromium } from '../harness/chromium';
import { startDemoServer, type RunningDemoServer as DemoServer } from '../../scripts/demo-server/spawn';

const endpoint = inject('chromiumEndpoint');
const TOKEN = 'e2e-strategy-token';

/** The first flag with a strategy in a non-production environment, straight from the active backend. */
async function aStrategy(app: AppHarness) {
  const backend = await app.core.connections.backend();
  for (const project of await backend.listProjects()) {
    for (const summary of await backend.listProjectFeatures({ projectId: project.id })) {
      const feature = await backend.getFeature({ projectId: project.id, featureName: summary.name });
      for (const env of feature.environments ?? []) {
        const strategy = env.strategies?.[0];
        if (strategy && env.type !== 'production') return { projectId: project.id, feature, env, strategy };
      }
    }
  }
  throw new Error('no strategy in the seed');
}

async function strategySegments(app: AppHarness, projectId: string, featureName: string, env: string, strategyId: string) {
  const feature = await (await app.core.connections.backend()).getFeature({ projectId, featureName });
  return feature.environments?.find((e) => e.name === env)?.strategies?.find((s) => s.id === strategyId)?.segments ?? [];
}

async function replaceAndClear(app: AppHarness, page: Page, label: string) {
  const { projectId, feature, env, strategy } = await aStrategy(app);
  const segments = await (await app.core.connections.backend()).listSegments();
  const wanted = segments.filter((s) => !s.project || s.project === projectId).slice(0, 2);
  await page.goto(page.url().replace(/#.*$/, `#/flags/${projectId}/${feature.name}`));
  const name = strategy.title || strategy.name;
  const card = page.getByRole('listitem', { name: `Strategy ${name} in ${env.name}` }).first();
  await card.waitFor();
  await card.getByRole('button', { name: `Change segments of ${name} in ${env.name}` }).click();
  for (const s of segments) {
    const box = card.getByRole('checkbox', { name: new RegExp(`^${s.name}\\b`) });
    if ((await box.count()) && (await box.isChecked())) await box.uncheck();
  }
  for (const s of wanted) await card.getByRole('checkbox', { name: new RegExp(`^${s.name}\\b`) }).check();
  await app.screenshot(`strategy-segments-picker${label}`, { variants: true });
  await card.getByRole('button', { name: 'Save segments' }).click();
  await card.getByRole('button', { name: `Change segments of ${name} in ${env.name}` }).waitFor();
  expect((await strategySegments(app, projectId, feature.name, env.name, strategy.id)).sort()).toEqual(wanted.map((s) => s.id).sort());

  await card.getByRole('button', { name: `Change segments of ${name} in ${env.name}` }).click();
  await card.getByRole('button', { name: 'Clear all' }).click();
  await card.getByRole('button', { name: `Change segments of ${name} in ${env.name}` }).waitFor();
  expect(await strategySegments(app, projectId, feature.name, env.name, strategy.id)).toEqual([]);
}

describe.skipIf(!endpoint)('strategy segments', { timeout: 60_000 }, () => {
  let browser: Browser;
  let app: AppHarness;
  let server: DemoServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([connectChromium(endpoint), startDemoServer(TOKEN)]);
    app = await startApp(browser);
    await app.open();
  });

  afterAll(async () => {
    await app?.close();
    await browser?.close();
    await server?.stop();
  });

  it('replaces and clears the segments of a strategy (demo)', async () => {
    await replaceAndClear(app, app.page, '');
    expect(app.problems).toEqual([]);
  });

  it('each change of a strategy’s segments is a feature-strategy-update in Events (demo)', async () => {
    const page = app.page;
    const { feature } = await aStrategy(app);
    await page.goto(page.url().replace(/#.*$/, `#/events?type=feature-strategy-update&feature=${encodeURIComponent(feature.name)}`));
    const list = page.getByRole('listbox', { name: /^Events, / });
    const rows = list.getByRole('option').filter({ hasText: 'feature-strategy-update' }).filter({ hasText: feature.name });
    // the previous test replaced the segments, then cleared them: two updates, the newest first
    await rows.nth(1).waitFor();
    await rows.first().click();
    const detail = page.getByRole('region', { name: /^Event \d+$/ });
    await detail.getByRole('table', { name: 'Changes' }).getByText(/segments/).first().waitFor();
    await app.screenshot('strategy-segments-event');
    expect(app.problems).toEqual([]);
  });

  it('adds a segment to several strategies at once, after a preview', async () => {
    const page = app.page;
    const segment = (await (await app.core.connections.backend()).listSegments()).find((s) => !s.project);
    await page.goto(page.url().replace(/#.*$/, '#/bulk-assign'));
    await page.getByRole('table', { name: 'Strategies' }).waitFor();
    await page.getByLabel('Segment', { exact: true }).selectOption({ label: segment!.name });
    await page.getByLabel('Find strategies').fill('development');
    const boxes = page.getByRole('table', { name: 'Strategies' }).getByRole('checkbox');
    const count = Math.min(3, await boxes.count());
    for (let i = 0; i < count; i += 1) await boxes.nth(i).check();
    const preview = await page.getByTestId('bulk-preview').textContent();
    expect(preview).toMatch(new RegExp(`^${count} selected: \\d+ will change`));
    await app.screenshot('bulk-assign-preview', { variants: true });
    const apply = page.getByRole('button', { name: /^Apply to \d+ strategies$/ });
    if (await apply.isEnabled()) {
      await apply.click();
      await page.getByText(/strategies updated$/).waitFor();
    }
    const backend = await app.core.connections.backend();
    const usage = await backend.getStrategiesUsingSegment({ id: segment!.id });
    expect(usage.strategies.filter((s) => s.environment === 'development').length).toBeGreaterThan(0);
    expect(app.problems).toEqual([]);
  });

  it('does the same against the demo server as a remote profile, confirming as "confirm" asks', async () => {
    const page = app.page;
    await app.core.connections.save({ name: 'Remote demo', baseUrl: server.url, token: TOKEN });
    const id = (await app.core.connections.status()).profiles.find((p) => p.name === 'Remote demo')!.id;
    await app.core.connections.activate({ id });
    await page.goto(page.url().replace(/#.*$/, '#/segments/new'));
    await page.getByTestId('protection-badge').getByText('Confirms changes').waitFor();
    await page.getByLabel('Name').fill('e2e-remote-segment');
    await page.getByRole('button', { name: 'Create segment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit “e2e-remote-segment”' }).waitFor();
    expect((await (await app.core.connections.backend()).listSegments()).some((s) => s.name === 'e2e-remote-segment')).toBe(true);
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete segment “e2e-remote-segment”?' });
    await confirm.waitFor();
    await app.screenshot('remote-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete segment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
    expect((await (await app.core.connections.backend()).listSegments()).some((s) => s.name === 'e2e-remote-segment')).toBe(false);
    expect(app.problems).toEqual([]);
  });
});
