#!/usr/bin/env node
/* global process, URL */
// The `flagdesk-compare` bin: runs scripts/compare-cli.ts under tsx (the repository's TypeScript runner), passing
// the arguments, the environment (tokens) and the exit code through. tsx is found from this package, and the
// working directory stays the caller's, so a bundle file's relative path means what it says.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../scripts/compare-cli.ts', import.meta.url));
const tsx = import.meta.resolve('tsx');
const result = spawnSync(process.execPath, ['--import', tsx, script, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 2);
