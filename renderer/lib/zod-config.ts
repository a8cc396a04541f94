// zod compiles object parsers with new Function() after probing whether eval is allowed; under the renderer's CSP
// (script-src 'self') the probe itself is a reported violation. jitless skips both the probe and the compiling.
// zod takes its config from globalThis.__zod_globalConfig (the object every copy of zod shares) when it loads and
// reads `jitless` as each schema is built, so setting it here, before any chunk that uses zod, keeps zod itself out
// of the first screen's script: it loads with the first screen that parses.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
