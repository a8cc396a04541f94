import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

let source: Promise<string> | undefined;
const axeSource = () => (source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/**
 * Runs axe-core on the page as it is now and throws on any serious or critical violation, listing each rule and the
 * elements it hit. axe is evaluated over the DevTools protocol, which the page's strict CSP does not govern.
 */
export async function assertAccessible(page: Page, label: string): Promise<void> {
  const installed = await page.evaluate('typeof window.axe === "object"');
  if (!installed) await page.evaluate(await axeSource());
  const violations = (await page.evaluate(
    `window.axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`,
  )) as AxeViolation[];
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (blocking.length === 0) return;
  const lines = blocking.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`.replace(/\n/g, ' ')).join('\n')}`,
  );
  throw new Error(`axe-core found ${blocking.length} serious/critical violation(s) on "${label}":\n${lines.join('\n')}`);
}
