import type { ValidateArchiveFeatures } from '../schemas/archive';

/**
 * What archiving a selection of flags does, from the server's validate answer and the project's dependency graph.
 * Unleash refuses (403) a selection holding a parent whose child stays active, and when it archives a child it
 * deletes that child's dependency row for good (revive does not bring it back); its own UI names neither.
 */

export interface DependencyLink {
  parent: string;
  child: string;
}

export interface FlagState {
  name: string;
  environments?: readonly { name: string; enabled: boolean }[];
  lastSeenAt?: string | null;
}

export interface LeftBehindChild {
  name: string;
  /** Environments where the child is on: the ones a user would notice losing their parent. */
  enabledIn: string[];
}

export interface OrphaningParent {
  parent: string;
  /** Children outside the selection; empty when the server names a parent whose children this graph does not show. */
  children: LeftBehindChild[];
}

export type ArchiveVerdict = 'empty' | 'blocked' | 'removes-dependencies' | 'clean';

export interface ArchiveImpact {
  selection: string[];
  verdict: ArchiveVerdict;
  /** Parents the server says would leave children behind (archiving is refused while any remain). */
  orphaningParents: OrphaningParent[];
  /** Every dependency archiving deletes: each selected child's link to its parent. */
  removedDependencies: DependencyLink[];
  /** Selected names that are not active flags of the project (the server ignores them). */
  unknown: string[];
  /** The server's own answer, kept so the report can quote it. */
  server: ValidateArchiveFeatures;
}

function enabledIn(flag: FlagState | undefined): string[] {
  return (flag?.environments ?? []).filter((env) => env.enabled).map((env) => env.name);
}

export function archiveImpact(
  selection: readonly string[],
  server: ValidateArchiveFeatures,
  links: readonly DependencyLink[],
  flags: readonly FlagState[],
): ArchiveImpact {
  const chosen = new Set(selection);
  const byName = new Map(flags.map((flag) => [flag.name, flag]));
  const orphaningParents = server.parentsWithChildFeatures.map((parent) => ({
    parent,
    children: links
      .filter((link) => link.parent === parent && !chosen.has(link.child))
      .map((link) => ({ name: link.child, enabledIn: enabledIn(byName.get(link.child)) })),
  }));
  const removedDependencies = links.filter((link) => chosen.has(link.child));
  const unknown = [...chosen].filter((name) => !byName.has(name));
  const verdict: ArchiveVerdict =
    chosen.size === 0
      ? 'empty'
      : orphaningParents.length > 0
        ? 'blocked'
        : server.hasDeletedDependencies || removedDependencies.length > 0
          ? 'removes-dependencies'
          : 'clean';
  return { selection: [...chosen], verdict, orphaningParents, removedDependencies, unknown, server };
}

/** Fix-it: the selection with this parent's left-behind children added (all parents' when none is named). */
export function withChildrenAdded(impact: ArchiveImpact, parent?: string): string[] {
  const extra = impact.orphaningParents
    .filter((entry) => parent === undefined || entry.parent === parent)
    .flatMap((entry) => entry.children.map((child) => child.name));
  return [...new Set([...impact.selection, ...extra])];
}

/** Fix-it: the selection without this parent. */
export function withParentLeftOut(impact: ArchiveImpact, parent: string): string[] {
  return impact.selection.filter((name) => name !== parent);
}

export const ARCHIVE_VERDICT_TEXT: Record<ArchiveVerdict, string> = {
  empty: 'Nothing selected.',
  blocked: 'The server will refuse this archive: a selected parent would leave children behind.',
  'removes-dependencies':
    "Can be archived. Archiving deletes the dependencies listed; Unleash's revive does not bring them back (reviving from Flagdesk offers them).",
  clean: 'Can be archived. No dependency is affected.',
};

export interface ReportContext {
  project: string;
  server: string;
  generatedAt: string;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** A dry-run report in Markdown, to attach to a ticket. */
export function archiveReportMarkdown(impact: ArchiveImpact, flags: readonly FlagState[], context: ReportContext): string {
  const byName = new Map(flags.map((flag) => [flag.name, flag]));
  const lines = [
    `# Archive dry run: ${impact.selection.length} flag${impact.selection.length === 1 ? '' : 's'} in ${context.project}`,
    '',
    `- Server: ${context.server}`,
    `- Generated: ${context.generatedAt}`,
    `- Verdict: ${ARCHIVE_VERDICT_TEXT[impact.verdict]}`,
    '',
    '## Flags to archive',
    '',
    '| Flag | Enabled in | Last seen |',
    '|---|---|---|',
    ...impact.selection.map((name) => {
      const flag = byName.get(name);
      const on = enabledIn(flag);
      return `| ${cell(name)}${flag ? '' : ' (not an active flag of this project: ignored)'} | ${on.length > 0 ? cell(on.join(', ')) : 'none'} | ${cell(flag?.lastSeenAt ?? 'never')} |`;
    }),
    '',
    '## Dependencies archiving deletes',
    '',
    ...(impact.removedDependencies.length === 0
      ? ['None.']
      : impact.removedDependencies.map((link) => `- ${link.child} -> ${link.parent} (child depends on parent)`)),
    '',
    '## Parents that would leave children behind',
    '',
    ...(impact.orphaningParents.length === 0
      ? ['None.']
      : impact.orphaningParents.map((entry) =>
          entry.children.length === 0
            ? `- ${entry.parent}: the server reports children outside the selection`
            : `- ${entry.parent}: ${entry.children
                .map((child) => `${child.name} (${child.enabledIn.length > 0 ? `on in ${child.enabledIn.join(', ')}` : 'off everywhere'})`)
                .join(', ')}`,
        )),
    '',
    '## Server answer (POST archive/validate)',
    '',
    '```json',
    JSON.stringify({ features: impact.selection }),
    JSON.stringify(impact.server),
    '```',
    '',
  ];
  return lines.join('\n');
}
