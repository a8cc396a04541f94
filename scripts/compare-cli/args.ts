import { COMPARE_KINDS, type CompareKind } from '../../shared/schemas';

/**
 * The command line of `npm run compare` / `flagdesk-compare` (README "Compare two instances from the command line").
 *   compare LEFT RIGHT [--only KINDS] [--json] [--apply [--yes] [--continue] [--missing-project global|skip]]
 *   export SOURCE --out FILE [--only KINDS]
 * LEFT, RIGHT and SOURCE are each an http(s) URL of a server or a bundle file. Tokens come from environment
 * variables (FLAGDESK_LEFT_TOKEN, FLAGDESK_RIGHT_TOKEN; FLAGDESK_SOURCE_TOKEN for export), never from arguments.
 */
export const USAGE = `Usage:
  flagdesk-compare LEFT RIGHT [--only KINDS] [--json] [--apply [--yes] [--continue] [--missing-project global|skip]]
  flagdesk-compare export SOURCE --out FILE [--only KINDS]

  LEFT, RIGHT, SOURCE   a server's URL (http(s)://...) or a bundle file (.json)
  --only KINDS          comma-separated: ${COMPARE_KINDS.join(',')} (default: all)
  --json                print JSON instead of text
  --apply               promote what differs from LEFT to RIGHT (RIGHT must be a server)
  --yes                 needed with --apply unless RIGHT is the Flagdesk demo server
  --continue            with --apply: carry on after a failed item (default: stop at the first failure)
  --missing-project X   a segment whose project RIGHT lacks: "global" promotes it as global, "skip" (default) leaves it
  --out FILE            export: the bundle file to write

  Tokens: FLAGDESK_LEFT_TOKEN, FLAGDESK_RIGHT_TOKEN (export: FLAGDESK_SOURCE_TOKEN).
  Exit: 0 the same, 1 they differ, 2 an error (after --apply: 2 when an item failed, else as a compare afterwards).`;

export type CliCommand =
  | {
      command: 'compare';
      left: string;
      right: string;
      kinds: CompareKind[] | undefined;
      json: boolean;
      apply: boolean;
      yes: boolean;
      onFailure: 'stop' | 'continue';
      missingProject: 'global' | 'skip';
    }
  | { command: 'export'; source: string; out: string; kinds: CompareKind[] | undefined }
  | { command: 'help' };

export class UsageError extends Error {}

function kindsOf(value: string): CompareKind[] {
  const kinds = value.split(',').map((part) => part.trim()).filter(Boolean);
  for (const kind of kinds) {
    if (!(COMPARE_KINDS as readonly string[]).includes(kind)) throw new UsageError(`--only: unknown kind "${kind}" (known: ${COMPARE_KINDS.join(', ')})`);
  }
  if (kinds.length === 0) throw new UsageError('--only needs at least one kind');
  return kinds as CompareKind[];
}

export function parseArgs(argv: readonly string[]): CliCommand {
  const positional: string[] = [];
  const flags = { json: false, apply: false, yes: false, continue: false };
  let kinds: CompareKind[] | undefined;
  let out: string | undefined;
  let missingProject: 'global' | 'skip' = 'skip';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    switch (arg) {
      case '-h':
      case '--help':
        return { command: 'help' };
      case '--json':
        flags.json = true;
        break;
      case '--apply':
        flags.apply = true;
        break;
      case '--yes':
        flags.yes = true;
        break;
      case '--continue':
        flags.continue = true;
        break;
      case '--only':
        kinds = kindsOf(value());
        break;
      case '--out':
        out = value();
        break;
      case '--missing-project': {
        const choice = value();
        if (choice !== 'global' && choice !== 'skip') throw new UsageError('--missing-project is "global" or "skip"');
        missingProject = choice;
        break;
      }
      default:
        if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
        positional.push(arg);
    }
  }
  if (positional[0] === 'export') {
    if (positional.length !== 2 || !positional[1]) throw new UsageError('export takes one SOURCE');
    if (!out) throw new UsageError('export needs --out FILE');
    return { command: 'export', source: positional[1], out, kinds };
  }
  if (positional.length !== 2) throw new UsageError('give LEFT and RIGHT');
  const [left = '', right = ''] = positional;
  if (!flags.apply && (flags.yes || flags.continue)) throw new UsageError('--yes and --continue go with --apply');
  return {
    command: 'compare',
    left,
    right,
    kinds,
    json: flags.json,
    apply: flags.apply,
    yes: flags.yes,
    onFailure: flags.continue ? 'continue' : 'stop',
    missingProject,
  };
}
