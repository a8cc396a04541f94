import { runCli } from './compare-cli/run';

/** `npm run compare -- LEFT RIGHT [...]` (and the `flagdesk-compare` bin): compare or promote two instances from CI. */
const code = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
process.exitCode = code;
