import { afterAll, beforeAll, describe, it } from 'vitest';
import { WIRE_TARGETS, type OpenTarget } from './support/wire-targets';
import { WIRE_AREAS } from './wire/areas';
import { runExchange } from './wire/check';
import { expectationFor } from './wire/scenario';

/**
 * The wire suite: raw HTTP exchanges from the probe tables, against the HTTP face in-process, the demo-server
 * and real Unleash 6 / 8 when their URLs are set. Each row checks the answer of the target's kind and version.
 */
const only = process.env.BEHAVIOUR_AREA; // e.g. BEHAVIOUR_AREA=segments while working on one area

for (const target of WIRE_TARGETS) {
  describe.skipIf(target.skip !== undefined)(`wire: ${target.id}`, () => {
    if (target.skip) {
      console.info(target.skip); // say how to run it, not just "skipped"
      it.skip(target.skip, () => undefined);
      return;
    }
    let open: OpenTarget | undefined;
    beforeAll(async () => {
      open = await target.open();
    });
    afterAll(async () => {
      await open?.close();
    });
    const ready = (): OpenTarget => {
      if (!open) throw new Error(`${target.id} did not open`);
      return open;
    };

    for (const area of WIRE_AREAS.filter((a) => !only || a.name === only)) {
      describe(area.name, () => {
        let fx: unknown;
        beforeAll(async () => {
          fx = await area.setup(ready().send);
        });
        for (const scenario of area.scenarios) {
          it(scenario.name, async (context) => {
            const { send, major } = ready();
            const want = expectationFor(scenario, target.kind, major);
            if (!want) {
              context.skip(`not applicable to Unleash ${major}`);
              return;
            }
            const request = typeof scenario.request === 'function' ? scenario.request(fx) : scenario.request;
            await runExchange(send, request, want, fx);
          });
        }
      });
    }
  });
}
