import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { archiveImpact, type DependencyLink, type FlagState } from '../../../shared/domain/archive-impact';
import type { ArchiveRun, Feature } from '../../../shared/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { useActiveProfileId } from '../../lib/active-profile';
import { useInstanceQuery } from '../../lib/instance-query';
import { useUrlParams } from '../../lib/url-params';
import { ReadOnlyNotice, reviewLevel, useProtection, useWriteAccess } from '../connections';
import { instanceQueries, ProjectName } from '../instance';
import { archiveQueries, useArchiveRun, useExportReport } from './api';
import styles from './archive.module.css';
import { ArchiveResult } from './archive-result';
import { ImpactPanel } from './impact-panel';

function linksOf(details: readonly Feature[]): DependencyLink[] {
  const links = new Map<string, DependencyLink>();
  for (const feature of details) {
    for (const child of feature.children ?? []) links.set(`${child}>${feature.name}`, { parent: feature.name, child });
    for (const dependency of feature.dependencies ?? []) {
      links.set(`${feature.name}>${dependency.feature}`, { parent: dependency.feature, child: feature.name });
    }
  }
  return [...links.values()];
}

function flagState(feature: Feature): FlagState {
  const lastSeenAt = (feature as { lastSeenAt?: string | null }).lastSeenAt ?? null;
  return { name: feature.name, environments: feature.environments ?? [], lastSeenAt };
}

/** Pick flags, see what archiving them does (validated as the selection changes), fix it in a click, archive. */
export default function ArchiveScreen() {
  const [params, update] = useUrlParams();
  const projectId = params.get('project') ?? 'default';
  const search = params.get('q') ?? '';
  const selection = useMemo(() => (params.get('flags') ?? '').split(',').filter((name) => name !== ''), [params]);
  const profileId = useActiveProfileId();
  const { level, profileName } = useProtection();
  const { canWrite, reason } = useWriteAccess();
  const projects = useInstanceQuery(instanceQueries.projects);
  const flags = useInstanceQuery((p) => instanceQueries.features(p, projectId));
  const validation = useInstanceQuery((p) => archiveQueries.validate(p, projectId, selection));
  const details = useQueries({
    queries: selection.map((name) => ({ ...instanceQueries.feature(profileId ?? '', projectId, name), enabled: profileId !== undefined })),
  });
  const run = useArchiveRun();
  const exportReport = useExportReport();
  const [confirming, setConfirming] = useState(false);
  const [lastRun, setLastRun] = useState<{ projectId: string; run: ArchiveRun } | null>(null);

  const select = (names: readonly string[]) => update({ flags: [...new Set(names)].join(',') });

  const chosen = new Set(selection);
  const detailsReady = details.every((d) => d.data !== undefined || d.isError);
  const links = linksOf(details.flatMap((d) => (d.data ? [d.data] : [])));
  const impact =
    validation.data && detailsReady && flags.data ? archiveImpact(selection, validation.data, links, flags.data.map(flagState)) : undefined;
  const shown = (flags.data ?? []).filter((flag) => flag.name.toLowerCase().includes(search.toLowerCase()));
  const confirmText = `archive ${selection.length} ${selection.length === 1 ? 'flag' : 'flags'}`;

  const doArchive = () => {
    setConfirming(false);
    run.mutate(
      { projectId, features: selection },
      {
        onSuccess: (result) => {
          setLastRun({ projectId, run: result });
          if (result.outcome === 'archived') select([]);
          else select(result.notArchived);
        },
      },
    );
  };

  return (
    <section aria-label="Archive check">
      <PageHeader
        title="Archive check"
        description="Choose flags, see what archiving them would leave behind or delete, then archive with nothing silently lost."
      />
      <ReadOnlyNotice />
      {lastRun && <ArchiveResult key={JSON.stringify(lastRun.run.archived)} projectId={lastRun.projectId} run={lastRun.run} />}
      <div className={styles.layout}>
        <div className="panel">
          <div className={styles.controls}>
            <label className="field">
              <span>Project</span>
              <select value={projectId} onChange={(event) => update({ project: event.target.value, flags: null })}>
                {(projects.data ?? [{ id: projectId, name: projectId }]).map((project) => (
                  <option key={project.id} value={project.id}>
                    {project.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>Search flags</span>
              <input type="search" value={search} onChange={(event) => update({ q: event.target.value })} />
            </label>
            <button type="button" className="button" disabled={selection.length === 0} onClick={() => select([])}>
              Clear selection
            </button>
          </div>
          {flags.isError && <ErrorBanner error={flags.error} action="Loading the flags" onRetry={() => void flags.refetch()} />}
          {flags.isPending && !flags.isError && <Loading label="Loading the flags…" />}
          {flags.data && shown.length === 0 && <p className="muted">No active flag matches.</p>}
          <ul className={styles.flagList} aria-label="Flags">
            {shown.map((flag) => {
              const on = (flag.environments ?? []).filter((env) => env.enabled).map((env) => env.name);
              const role = (flag as { dependencyType?: string | null }).dependencyType;
              const lastSeen = flagState(flag).lastSeenAt;
              return (
                <li key={flag.name} className={styles.flag}>
                  <input
                    type="checkbox"
                    id={`flag-${flag.name}`}
                    checked={chosen.has(flag.name)}
                    onChange={(event) =>
                      select(event.target.checked ? [...selection, flag.name] : selection.filter((name) => name !== flag.name))
                    }
                  />
                  <label htmlFor={`flag-${flag.name}`}>
                    <span className={styles.flagName}>{flag.name}</span>
                    <span className={styles.meta}>
                      {' · '}
                      {on.length > 0 ? <span className={styles.on}>on in {on.join(', ')}</span> : 'off everywhere'}
                      {role ? ` · ${role}` : ''}
                      {lastSeen ? ` · last seen ${new Date(lastSeen).toLocaleDateString()}` : ''}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </div>
        <div className="panel">
          <h2 className="section-title">
            {selection.length === 0 ? 'Nothing selected' : `${selection.length} selected: ${selection.join(', ')}`}
          </h2>
          {validation.isError && (
            <ErrorBanner error={validation.error} action="Checking the selection" onRetry={() => void validation.refetch()} />
          )}
          {selection.length > 0 && !impact && !validation.isError && <Loading label="Checking with the server…" />}
          {impact && <ImpactPanel impact={impact} links={links} onSelect={select} />}
          {run.isError && <ErrorBanner error={run.error} action="Archiving" />}
          {exportReport.isError && <ErrorBanner error={exportReport.error} action="Exporting the report" />}
          {exportReport.data && (
            <p role="status">{exportReport.data.saved ? `Report saved as ${exportReport.data.fileName ?? ''}.` : 'The report was not saved.'}</p>
          )}
          <div className={styles.actions}>
            <button
              type="button"
              className="button"
              disabled={selection.length === 0 || exportReport.isPending}
              onClick={() => exportReport.mutate({ projectId, features: selection })}
            >
              Export dry-run report (Markdown)
            </button>
            <button
              type="button"
              className="button button-danger"
              disabled={!canWrite || !impact || impact.verdict === 'blocked' || impact.verdict === 'empty' || run.isPending}
              title={reason}
              onClick={() => setConfirming(true)}
            >
              {run.isPending ? 'Archiving…' : `Archive ${selection.length} ${selection.length === 1 ? 'flag' : 'flags'}`}
            </button>
          </div>
        </div>
      </div>
      {confirming && (
        // What the profile's level requires (at least a click: the impact must be read); read-only refuses.
        <ConfirmDialog
          level={reviewLevel(level)}
          profileName={profileName}
          title={`Archive ${selection.length} ${selection.length === 1 ? 'flag' : 'flags'}?`}
          name={confirmText}
          confirmLabel="Archive"
          onCancel={() => setConfirming(false)}
          onConfirm={doArchive}
          body={
            <>
              <p>
                Archived flags stop being served to SDKs. {impact && impact.removedDependencies.length > 0
                  ? `${impact.removedDependencies.length} ${impact.removedDependencies.length === 1 ? 'dependency is' : 'dependencies are'} deleted; Flagdesk records them so reviving from here can restore them.`
                  : ''}
              </p>
              <p>
                From project <ProjectName id={projectId} />: {selection.join(', ')}
              </p>
            </>
          }
        />
      )}
    </section>
  );
}
