import { basename } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { archiveImpact, archiveReportMarkdown, type DependencyLink } from '../../shared/domain/archive-impact';
import type { ArchivePort } from './archive-job';
import type { ShellPort } from '../shell/shell-port';
import { fileWriteError } from '../storage/write-problem';

/**
 * The dry-run report of a selection, built in main from the server's answers (validate, the flags, their links),
 * saved where the user chooses in the OS dialog: the page never names a path.
 */
export async function exportArchiveReport(
  port: ArchivePort,
  shell: ShellPort,
  context: { projectId: string; features: string[]; server: string; now: string; redact?: (text: string) => string },
): Promise<{ saved: boolean; fileName: string | null }> {
  const selection = [...new Set(context.features)];
  const [validation, flags] = await Promise.all([port.validate(context.projectId, selection), port.activeFeatures(context.projectId)]);
  const active = new Set(flags.map((flag) => flag.name));
  const links: DependencyLink[] = [];
  for (const name of selection.filter((n) => active.has(n))) {
    const feature = await port.feature(context.projectId, name);
    for (const child of feature.children ?? []) links.push({ parent: name, child });
    for (const dependency of feature.dependencies ?? []) links.push({ parent: dependency.feature, child: name });
  }
  const unique = [...new Map(links.map((link) => [`${link.child}>${link.parent}`, link])).values()];
  const states = flags.map((flag) => ({
    name: flag.name,
    environments: flag.environments ?? [],
    lastSeenAt: (flag as { lastSeenAt?: string | null }).lastSeenAt ?? null,
  }));
  const markdown = archiveReportMarkdown(archiveImpact(selection, validation, unique, states), states, {
    project: context.projectId,
    server: context.server,
    generatedAt: context.now,
  });
  const path = await shell.chooseSaveFile({
    title: 'Save the archive dry run',
    defaultName: `archive-dry-run-${context.projectId}.md`,
    filters: [{ name: 'Markdown', extensions: ['md'] }],
  });
  if (path === null) return { saved: false, fileName: null };
  // flag names and the server's answers are quoted in the report: no token reaches the file in clear
  try {
    await writeFileAtomic(path, context.redact ? context.redact(markdown) : markdown, { mode: 0o644 });
  } catch (error) {
    throw fileWriteError(path, error);
  }
  return { saved: true, fileName: basename(path) };
}
