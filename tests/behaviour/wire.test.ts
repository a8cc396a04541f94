import { WIRE_TARGETS } from './support/wire-targets';
import { describeTargets } from './support/target-suite';
import { WIRE_AREAS } from './wire/areas';
import { runExchange } from './wire/check';

/**
 * The wire suite: raw HTTP exchanges from the probe tables, against the HTTP face in-process, the demo-server
 * and real Unleash 6 / 8 when their URLs are set (BEHAVIOUR_AREA=segments keeps one area while working on it).
 */
describeTargets(
  'wire',
  WIRE_TARGETS,
  WIRE_AREAS.map((area) => ({ ...area, setup: (opened) => area.setup(opened.send) })),
  async ({ send, shapes }, scenario, want, fx) => {
    await scenario.arrange?.(send, fx);
    const request = typeof scenario.request === 'function' ? scenario.request(fx) : scenario.request;
    return runExchange(send, request, want, fx, { shapes });
  },
);
