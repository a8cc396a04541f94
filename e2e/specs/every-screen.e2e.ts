import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumEndpoint, useApp } from '../harness/use-app';

interface Screen {
  name: string;
  hash: string;
  /** The screen's level-1 heading, once it has loaded. */
  heading: string | RegExp;
}

/** Waits until the screen shows its heading and nothing is loading any more. */
async function visit(page: Page, screen: Screen): Promise<void> {
  await page.evaluate(`window.location.hash = ${JSON.stringify(screen.hash)}`);
  await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
  await expect.poll(() => page.locator('.loading').count(), { timeout: 15_000 }).toBe(0);
}

/**
 * Every screen of the app at 1280 and 820 px, light and dark (app.screenshot's variants run axe-core on each and
 * save test-results/e2e-screen-*.png), then again on a read-only profile. No serious or critical axe violation may
 * be left in any of them, and no screen may scroll sideways.
 */
describe.skipIf(!chromiumEndpoint)('every screen, every width and theme', () => {
  const app = useApp();
  const screens: Screen[] = [];

  beforeAll(async () => {
    const backend = await app().core.connections.backend();
    const segments = await backend.listSegments();
    let used = segments[0];
    for (const segment of segments) {
      if ((await backend.getStrategiesUsingSegment({ id: segment.id })).strategies.length > 0) {
        used = segment;
        break;
      }
    }
    const flags = await backend.listProjectFeatures({ projectId: 'default' });
    const flag = flags.find((f) => f.name) ?? flags[0];
    const types = await backend.listStrategyTypes();
    const custom = types.find((t) => !['default', 'flexibleRollout', 'userWithId', 'gradualRolloutRandom', 'gradualRolloutSessionId', 'gradualRolloutUserId', 'remoteAddress', 'applicationHostname'].includes(t.name));
    screens.push(
      { name: 'segments', hash: '#/segments', heading: 'Segments' },
      { name: 'segment-new', hash: '#/segments/new', heading: /segment/i },
      { name: 'segment-edit', hash: `#/segments/${used!.id}`, heading: `Edit “${used!.name}”` },
      { name: 'flags', hash: '#/flags', heading: 'Flags' },
      { name: 'flags-project', hash: '#/flags/default', heading: /Flags of/ },
      { name: 'flag', hash: `#/flags/default/${encodeURIComponent(flag!.name)}`, heading: flag!.name },
      { name: 'bulk-assign', hash: '#/bulk-assign', heading: 'Assign segments in bulk' },
      { name: 'events', hash: '#/events', heading: 'Events' },
      { name: 'strategy-types', hash: '#/strategy-types', heading: 'Strategy types' },
      { name: 'strategy-type-new', hash: '#/strategy-types/+new', heading: 'New strategy type' },
      { name: 'strategy-type', hash: `#/strategy-types/${custom?.name ?? 'flexibleRollout'}`, heading: custom?.displayName ?? custom?.name ?? /./ },
      { name: 'archive', hash: '#/archive', heading: 'Archive check' },
      { name: 'archived', hash: '#/archived', heading: 'Archived flags' },
      { name: 'context-fields', hash: '#/context-fields', heading: 'Context fields' },
      { name: 'context-field', hash: '#/context-fields/userId', heading: 'Context field “userId”' },
      { name: 'context-field-new', hash: '#/context-fields/new', heading: 'New context field' },
      { name: 'cors', hash: '#/cors', heading: 'CORS' },
      { name: 'playground', hash: '#/playground', heading: 'Playground' },
      // one profile only (the demo): the screen says how to add a second one or open a bundle
      { name: 'compare', hash: '#/compare', heading: 'Compare instances' },
      { name: 'connections', hash: '#/connections', heading: 'Connections' },
      { name: 'connection-new', hash: '#/connections/new', heading: 'Connections' },
      { name: 'not-found', hash: '#/no-such-screen', heading: 'Nothing at this address' },
    );
  });

  const names = ['segments', 'segment-new', 'segment-edit', 'flags', 'flags-project', 'flag', 'bulk-assign', 'events', 'strategy-types', 'strategy-type-new', 'strategy-type', 'archive', 'archived', 'context-fields', 'context-field', 'context-field-new', 'cors', 'playground', 'compare', 'connections', 'connection-new', 'not-found'];

  it('narrows the navigation to icons below 900 px: each still named, reachable by keyboard, the current one marked', async () => {
    const page = app().page;
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await visit(page, screens.find((s) => s.name === 'cors')!);
    expect((await nav.boundingBox())!.width).toBeGreaterThan(150);
    await page.setViewportSize({ width: 820, height: 800 });
    try {
      expect((await nav.boundingBox())!.width).toBeLessThan(80);
      const current = nav.getByRole('link', { name: 'CORS' });
      expect(await current.getAttribute('aria-current')).toBe('page');
      const label = current.locator('.nav-label');
      expect(await label.evaluate((node) => node.ownerDocument.defaultView!.getComputedStyle(node).opacity)).toBe('0');
      await nav.getByRole('link', { name: 'Playground' }).focus();
      await page.keyboard.press('Shift+Tab');
      expect(await current.evaluate((node) => node === node.ownerDocument.activeElement)).toBe(true);
      expect(await label.evaluate((node) => node.ownerDocument.defaultView!.getComputedStyle(node).opacity)).toBe('1');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Playground' }).waitFor();
      await app().screenshot('navigation-narrow');
    } finally {
      await page.evaluate('document.activeElement?.blur()');
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  for (const profile of ['demo', 'read-only'] as const) {
    describe(profile, () => {
      beforeAll(async () => {
        if (profile === 'read-only') {
          await app().core.connections.setProtection({ id: 'demo', protection: 'read-only' });
          await app().page.reload();
        }
      });
      for (const name of names) {
        it(`${name}: no axe violation at 1280 and 820 px, light and dark; nothing scrolls sideways`, { timeout: 90_000 }, async () => {
          const page = app().page;
          const screen = screens.find((s) => s.name === name)!;
          await visit(page, screen);
          const file = `screen-${name}${profile === 'read-only' ? '-read-only' : ''}`;
          await app().screenshot(file, { variants: true });
          await page.setViewportSize({ width: 820, height: 800 });
          try {
            const sideways = await page.evaluate(`[...document.querySelectorAll('#main, #main *')]
              .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible' && getComputedStyle(el).overflowX !== 'hidden' && getComputedStyle(el).overflowX !== 'clip')
              .map((el) => el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : ''))`);
            expect(sideways, `${name} scrolls sideways at 820 px`).toEqual([]);
          } finally {
            await page.setViewportSize({ width: 1280, height: 800 });
          }
          expect(app().problems).toEqual([]);
        });
      }
    });
  }
});
