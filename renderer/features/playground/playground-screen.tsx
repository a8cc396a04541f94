import { Fragment, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { createEvaluator, type FlagEvaluation, type PlaygroundContext, type PlaygroundFeature } from '../../../shared/evaluation';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { useActiveProfileId } from '../../lib/active-profile';
import { useInstanceQuery } from '../../lib/instance-query';
import { instanceQueries } from '../instance';
import { segmentQueries } from '../segments';
import { playgroundQueries, useServerPlayground } from './api';
import { BatchPanel } from './batch-panel';
import { ContextEditor } from './context-editor';
import { ExplanationTree } from './explanation-tree';
import { loadSavedContexts, saveContext } from './saved-contexts';
import styles from './playground.module.css';

const verdictOf = (value: boolean | 'unknown' | undefined) => (value === undefined ? '' : value === 'unknown' ? 'unknown' : value ? 'on' : 'off');

function Verdict({ value }: { value: boolean | 'unknown' | undefined }) {
  const text = verdictOf(value);
  return <span className={text === 'on' ? styles.on : text === 'unknown' ? styles.unknown : styles.off}>{text}</span>;
}

/** Evaluate a project's flags for a context, offline, explained; compare with the server's playground. */
export default function PlaygroundScreen() {
  const profileId = useActiveProfileId() ?? '';
  const [search, setSearch] = useSearchParams();
  const projectId = search.get('project') ?? 'default';
  const environment = search.get('environment') ?? 'development';
  const open = search.get('flag') ?? '';
  const setParam = (name: string, value: string) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  const projects = useInstanceQuery(instanceQueries.projects);
  const environments = useInstanceQuery(instanceQueries.environments);
  const fields = useInstanceQuery(instanceQueries.contextFields);
  const segments = useInstanceQuery(segmentQueries.list);
  const definitions = useInstanceQuery((p) => playgroundQueries.definitions(p, projectId, environment));
  const server = useServerPlayground();

  const [context, setContext] = useState<PlaygroundContext>({ appName: 'flagdesk', userId: 'user-1' });
  const [saved, setSaved] = useState(() => loadSavedContexts(profileId));
  const [saveName, setSaveName] = useState('');

  const results = useMemo(() => {
    if (!definitions.data) return [];
    const evaluator = createEvaluator(definitions.data);
    return definitions.data.features.map((f) => [f.name, evaluator.evaluate(f.name, context)] as [string, FlagEvaluation]);
  }, [definitions.data, context]);
  const serverByName = useMemo(
    () => new Map<string, PlaygroundFeature>((server.data?.features ?? []).map((f) => [f.name, f])),
    [server.data],
  );
  const compared = server.data !== undefined;
  const disagreements = compared ? results.filter(([name, r]) => serverByName.get(name)?.isEnabled !== r.enabled).length : 0;

  return (
    <section aria-label="Playground">
      <PageHeader
        title="Playground"
        description="Who does this match, and why not this user: evaluated here, offline, as the official SDKs evaluate."
        actions={
          <button
            type="button"
            className="button"
            disabled={server.isPending || !definitions.data}
            onClick={() => server.mutate({ environment, projects: [projectId], context })}
          >
            {server.isPending ? 'Asking the server…' : 'Compare with the server'}
          </button>
        }
      />
      <div className={styles.layout}>
        <div>
          <div className={styles.panel}>
            <label className={styles.field}>
              Project
              <select value={projectId} onChange={(e) => setParam('project', e.target.value)}>
                {(projects.data ?? [{ id: projectId, name: projectId }]).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.field}>
              Environment
              <select value={environment} onChange={(e) => setParam('environment', e.target.value)}>
                {(environments.data ?? [{ name: environment }]).map((env) => (
                  <option key={env.name} value={env.name}>
                    {env.name}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.field}>
              Saved contexts
              <select value="" onChange={(e) => e.target.value && setContext(saved[e.target.value]!)}>
                <option value="">Open a saved context…</option>
                {Object.keys(saved).map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <div className={styles.row}>
              <label className={styles.field}>
                Save this context as
                <input value={saveName} onChange={(e) => setSaveName(e.target.value)} />
              </label>
              <button type="button" className="button" disabled={!saveName.trim()} onClick={() => setSaved(saveContext(profileId, saveName.trim(), context))}>
                Save
              </button>
            </div>
          </div>
          <ContextEditor context={context} onChange={setContext} fields={fields.data ?? []} />
        </div>
        <div>
          {definitions.isError && <ErrorBanner error={definitions.error} action="Loading the project's flags" onRetry={() => void definitions.refetch()} />}
          {server.isError && <ErrorBanner error={server.error} action="Asking the server's playground" />}
          {definitions.isPending && !definitions.isError && <Loading label="Loading the project's flags…" />}
          {definitions.data && results.length === 0 && <EmptyState title="No flags in this project" />}
          {compared && (
            <p role="status" className={disagreements > 0 ? styles.fail : styles.on}>
              {disagreements === 0 ? 'The server agrees on every flag.' : `The server disagrees on ${disagreements} flag(s), highlighted below.`}
            </p>
          )}
          {results.length > 0 && (
            <div className="table-wrap">
              <table className="table" aria-label="Flags evaluated">
                <thead>
                  <tr>
                    <th scope="col">Flag</th>
                    <th scope="col">Here</th>
                    <th scope="col">Variant</th>
                    {compared && <th scope="col">Server</th>}
                    <th scope="col">Why</th>
                  </tr>
                </thead>
                <tbody>
                  {results.map(([name, result]) => {
                    const remote = serverByName.get(name);
                    const differs = compared && remote?.isEnabled !== result.enabled;
                    return (
                      <Fragment key={name}>
                        <tr className={differs ? styles.disagree : undefined}>
                          <td>
                            <code>{name}</code>
                          </td>
                          <td>
                            <Verdict value={result.enabled} />
                          </td>
                          <td>{result.variant.enabled ? result.variant.name : <span className="muted">–</span>}</td>
                          {compared && (
                            <td>
                              {remote ? <Verdict value={remote.isEnabled} /> : <span className="muted">not returned</span>}
                              {remote && remote.strategies.result === 'unknown' ? <span className={styles.unknown}> (strategies: unknown)</span> : null}
                            </td>
                          )}
                          <td>
                            <button type="button" className="button" aria-expanded={open === name} onClick={() => setParam('flag', open === name ? '' : name)}>
                              {open === name ? 'Hide' : 'Explain'}
                            </button>
                          </td>
                        </tr>
                        {open === name && (
                          <tr>
                            <td colSpan={compared ? 5 : 4}>
                              <ExplanationTree explanation={result.explanation} />
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <BatchPanel segments={segments.data ?? []} state={definitions.data} />
        </div>
      </div>
    </section>
  );
}
