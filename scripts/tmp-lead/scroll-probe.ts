import { writeFileSync } from 'node:fs';
import { createDemoBackend } from '../../electron/backend/demo';
import { startApp } from '../../e2e/harness/app-harness';
import { chromiumPath, connectChromium, launchChromiumServer } from '../../e2e/harness/chromium';

const server = await launchChromiumServer(chromiumPath()!);
const browser = await connectChromium(server.wsEndpoint());
const demo = createDemoBackend({ historyEvents: 100_000 });
const app = await startApp(browser, { factories: { openDemo: async () => ({ backend: demo, reset: async () => undefined, close: async () => undefined }) } });
await app.open();
const page = app.page;
const list = page.getByRole('listbox', { name: /^Events, / });
for (let run = 0; run < Number(process.env.RUNS ?? 3); run++) {
  await page.evaluate("location.hash = '#/segments'");
  await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
  await page.evaluate("location.hash = '#/events?q=&r=" + run + "'");
  await list.getByRole('option').first().waitFor();
  await page.waitForTimeout(Number(process.env.WAIT ?? 500));
  const cdp = await page.context().newCDPSession(page);
  const traceEvents: unknown[] = [];
  if (process.env.TRACE && run === Number(process.env.TRACE_RUN ?? 1)) {
    cdp.on('Tracing.dataCollected', (e: { value: unknown[] }) => traceEvents.push(...e.value));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink,cc,gpu,viz,v8.execute', transferMode: 'ReportEvents' });
  }
  if (process.env.PROFILE && run === 0) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 }); await cdp.send('Profiler.start'); }
  const steps = (await page.evaluate(`(async () => {
    const el = document.querySelector('[role=listbox]');
    const afterTasks = () => new Promise((resolve) => { const c = new MessageChannel(); c.port1.onmessage = resolve; c.port2.postMessage(0); });
    const out = [];
    for (let i = 0; i < 150; i++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const a = performance.now();
      el.scrollTop += 400;
      el.dispatchEvent(new Event('scroll'));
      const b = performance.now();
      await afterTasks();
      const c = performance.now();
      void el.offsetHeight;
      const d = performance.now();
      out.push([d - a, b - a, c - b, d - c, el.querySelectorAll('[role=option]').length, el.scrollHeight]);
    }
    return out;
  })()`)) as [number, number, number, number, number, string][];
  if (process.env.TRACE && run === Number(process.env.TRACE_RUN ?? 1)) {
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.end');
    await done;
    writeFileSync('/tmp/prof/scroll-trace2.json', JSON.stringify(traceEvents));
  }
  if (process.env.PROFILE && run === 0) { const { profile } = await cdp.send('Profiler.stop'); writeFileSync('/tmp/prof/scroll2.cpuprofile', JSON.stringify(profile)); }
  const tot = steps.map((s) => s[0]).sort((a, b) => a - b);
  const p = (q: number) => tot[Math.min(tot.length - 1, Math.floor(q * tot.length))]!.toFixed(1);
  console.log(`run ${run}: p50 ${p(0.5)} p95 ${p(0.95)} max ${p(0.999)}`);
  const worst = [...steps.entries()].sort((a, b) => b[1][0] - a[1][0]).slice(0, 10);
  for (const [i, s] of worst) console.log(`  step ${i}: total ${s[0].toFixed(1)} dispatch ${s[1].toFixed(1)} tasks ${s[2].toFixed(1)} layout ${s[3].toFixed(1)} rows ${s[4]} h ${s[5]}`);
  const mean = (k: number) => (steps.reduce((a, s) => a + (s[k] as number), 0) / steps.length).toFixed(1);
  console.log(`  mean: dispatch ${mean(1)} tasks ${mean(2)} layout ${mean(3)}`);
}
await app.close(); await browser.close(); await server.close?.();
process.exit(0);
