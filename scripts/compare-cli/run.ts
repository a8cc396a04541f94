import type { AdminBackend } from '../../electron/backend/admin-backend';
import { exportBundleContent, readBundleFile } from '../../electron/compare/bundle-files';
import { createCompareService, type OpenedSide, type SideOpener } from '../../electron/compare/compare-service';
import type { CompareResult, CompareSide, ItemRef, PromoteResult } from '../../shared/schemas';
import { isLoopbackHost } from '../../shared/domain/transport-security';
import { parseArgs, USAGE, UsageError, type CliCommand } from './args';
import { compareText, planText, resultText } from './format';

/**
 * The CLI's work: open each side (a URL through the remote backend, with its token from the environment; a bundle
 * file read and checked as the window reads it), then the same compare service as the window (compare-service.ts).
 */

export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  out(text: string): void;
  err(text: string): void;
}

type Source = { kind: 'url'; url: string; tokenVariable: string } | { kind: 'file'; path: string };
type Opened = OpenedSide & { demo: boolean; close(): Promise<void> };

const isUrl = (text: string): boolean => /^https?:\/\//i.test(text);

async function openSource(text: string, tokenVariable: string, env: CliIo['env']): Promise<Opened> {
  const source: Source = isUrl(text) ? { kind: 'url', url: text.replace(/\/+$/, ''), tokenVariable } : { kind: 'file', path: text };
  if (source.kind === 'file') {
    const bundle = await readBundleFile(source.path);
    const label = `${source.path} (bundle of ${bundle.source.name})`;
    return {
      info: { type: 'bundle', kind: 'bundle', label, ...(bundle.source.serverVersion ? { version: bundle.source.serverVersion } : {}) },
      content: bundle.content,
      demo: false,
      release: async () => undefined,
      close: async () => undefined,
    };
  }
  const token = env[source.tokenVariable];
  if (!token) throw new UsageError(`${source.tokenVariable} is not set: put the admin token of ${source.url} in it`);
  const [{ createRemoteBackend }, { trustedCertificates }] = await Promise.all([
    import('../../electron/backend/remote/remote-backend'),
    import('../../electron/backend/remote/tls-trust'),
  ]);
  const ca = source.url.startsWith('https:') ? await trustedCertificates(undefined) : [];
  const backend = createRemoteBackend({ baseUrl: source.url, token, ca });
  try {
    const config = await backend.getUiConfig();
    // The demo server names itself so and listens on loopback only; anything else is someone's real server.
    const demo = config.name === 'Flagdesk demo' && isLoopbackHost(new URL(source.url).hostname);
    return {
      info: { type: 'profile', kind: demo ? 'demo' : 'remote', label: source.url, version: config.version, protection: 'confirm' },
      backend,
      demo,
      release: async () => undefined,
      close: () => backend.close(),
    };
  } catch (error) {
    await backend.close();
    throw error;
  }
}

function exitOf(result: CompareResult): 0 | 1 {
  const { differs, onlyLeft, onlyRight } = result.totals;
  return differs + onlyLeft + onlyRight === 0 ? 0 : 1;
}

async function compare(command: Extract<CliCommand, { command: 'compare' }>, io: CliIo): Promise<number> {
  const left = await openSource(command.left, 'FLAGDESK_LEFT_TOKEN', io.env);
  try {
    const right = await openSource(command.right, 'FLAGDESK_RIGHT_TOKEN', io.env);
    try {
      if (command.apply && !right.backend) throw new UsageError('--apply needs RIGHT to be a server, not a bundle');
      if (command.apply && !right.demo && !command.yes) {
        throw new UsageError(`--apply changes ${command.right}, which is not the Flagdesk demo: add --yes to promote to it`);
      }
      const sides: Record<string, Opened> = { left, right };
      const opener: SideOpener = { open: async (side: CompareSide) => sides[side.type === 'profile' ? side.profileId : side.bundleId] as Opened };
      const service = createCompareService({ opener });
      const L: CompareSide = { type: 'profile', profileId: 'left' };
      const R: CompareSide = { type: 'profile', profileId: 'right' };
      const compared = await service.run({ left: L, right: R, ...(command.kinds ? { kinds: command.kinds } : {}) });
      if (!command.apply) {
        io.out(command.json ? `${JSON.stringify({ compare: compared }, null, 2)}\n` : compareText(compared));
        return exitOf(compared);
      }
      const items: ItemRef[] = compared.kinds.flatMap((kind) =>
        kind.items.filter((item) => item.status === 'differs' || item.status === 'only-left').map((item) => ({ kind: item.kind, name: item.name })),
      );
      let applied: PromoteResult | null = null;
      let plan = null;
      if (items.length > 0) {
        const projectChoices = items.filter((item) => item.kind === 'segments').map((item) => ({ segment: item.name, choice: command.missingProject }));
        plan = await service.plan({ left: L, right: R, items, projectChoices });
        applied = await service.apply({ planId: plan.planId, onFailure: command.onFailure, confirmation: { confirmed: true } });
      }
      const after = await service.run({ left: L, right: R, ...(command.kinds ? { kinds: command.kinds } : {}) });
      if (command.json) io.out(`${JSON.stringify({ compare: compared, plan, result: applied, after }, null, 2)}\n`);
      else io.out(compareText(compared) + (plan ? planText(plan) : '\nNothing to promote.\n') + (applied ? resultText(applied) : ''));
      if (applied && applied.counts.failed > 0) return 2;
      return exitOf(after);
    } finally {
      await right.close();
    }
  } finally {
    await left.close();
  }
}

async function exportBundle(command: Extract<CliCommand, { command: 'export' }>, io: CliIo): Promise<number> {
  if (!isUrl(command.source)) throw new UsageError('export reads a server: SOURCE must be its URL');
  const source = await openSource(command.source, 'FLAGDESK_SOURCE_TOKEN', io.env);
  try {
    const { default: writeFileAtomic } = await import('write-file-atomic');
    const text = await exportBundleContent(source.backend as AdminBackend, command.source, { kinds: command.kinds }, new Date());
    await writeFileAtomic(command.out, text, { mode: 0o600 });
    io.err(`Wrote ${command.out}\n`);
    return 0;
  } finally {
    await source.close();
  }
}

/** Runs one command line; answers the exit code (0 same, 1 differ, 2 error). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const command = parseArgs(argv);
    if (command.command === 'help') {
      io.out(`${USAGE}\n`);
      return 0;
    }
    return command.command === 'export' ? await exportBundle(command, io) : await compare(command, io);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    io.err(`flagdesk-compare: ${text}\n${error instanceof UsageError ? `\n${USAGE}\n` : ''}`);
    return 2;
  }
}
