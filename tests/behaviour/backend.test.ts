import { afterAll, beforeAll, describe, it } from 'vitest';
import { BACKEND_TARGETS, type OpenBackend } from './support/backend-targets';
import { BACKEND_AREAS } from './backend/areas';
import { outcomeFor, runScenario } from './backend/scenario';

/**
 * The AdminBackend suite: the same typed scenarios against the demo backend in-process, the remote backend over
 * the demo-server, and the remote backend over real Unleash 6 / 8 when their URLs are set.
 */
const only = process.env.BEHAVIOUR_AREA;

for (const target of BACKEND_TARGETS) {
  describe.skipIf(target.skip !== undefined)(`backend: ${target.id}`, () => {
    if (target.skip) {
      console.info(target.skip); // say how to run it, not just "skipped"
      it.skip(target.skip, () => undefined);
      return;
    }
    let open: OpenBackend | undefined;
    beforeAll(async () => {
      open = await target.open();
    });
    afterAll(async () => {
      await open?.close();
    });
    const ready = (): OpenBackend => {
      if (!open) throw new Error(`${target.id} did not open`);
      return open;
    };

    for (const area of BACKEND_AREAS.filter((a) => !only || a.name === only)) {
      describe(area.name, () => {
        let fx: unknown;
        beforeAll(async () => {
          fx = await area.setup(ready().backend);
        });
        for (const scenario of area.scenarios) {
          it(scenario.name, async (context) => {
            const { backend, major } = ready();
            const want = outcomeFor(scenario, target.kind, major);
            if (!want) {
              context.skip(`not applicable to Unleash ${major}`);
              return;
            }
            await runScenario(backend, scenario, want, fx);
          });
        }
      });
    }
  });
}
