import { z } from 'zod';

// zod compiles object parsers with new Function() after probing whether eval is allowed; under the renderer's CSP
// (script-src 'self') the probe itself is a reported violation. jitless skips both the probe and the compiling.
z.config({ jitless: true });
