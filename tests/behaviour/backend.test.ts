import { BACKEND_TARGETS } from './support/backend-targets';
import { describeTargets } from './support/target-suite';
import { BACKEND_AREAS } from './backend/areas';
import { runScenario } from './backend/scenario';

/**
 * The FixturedBackend suite: the same typed scenarios against the demo backend in-process, the remote backend over
 * the demo-server, and the remote backend over real Unleash 6 / 8 when their URLs are set.
 */
describeTargets(
  'backend',
  BACKEND_TARGETS,
  BACKEND_AREAS.map((area) => ({ ...area, setup: (opened) => area.setup(opened.backend) })),
  ({ backend }, scenario, want, fx) => runScenario(backend, scenario, want, fx),
);
