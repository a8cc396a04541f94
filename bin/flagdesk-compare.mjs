#!/usr/bin/env node
/* global process, URL */
// The `flagdesk-compare` bin: runs scripts/compare-cli.ts under tsx (the repository's TypeScript runner), passing
// the arguments, the environment (tokens) and the exit code through.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../scripts/compare-cli.ts', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
process.exit(result.status ?? 2);
