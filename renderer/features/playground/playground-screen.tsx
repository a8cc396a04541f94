import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { createEvaluator, type PlaygroundContext } from '../../../shared/evaluation';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { useActiveProfileId } from '../../lib/active-profile';
import { useInstanceQuery } from '../../lib/instance-query';
import { instanceQueries } from '../instance';
import { segmentQueries } from '../segments';
import { playgroundQueries, stateIn, useServerPlayground } from './api';
import { BatchPanel } from './batch-panel';
import { ContextEditor } from './context-editor';
import { EnvironmentResults } from './environment-results';
import { loadSavedContexts, saveContext } from './saved-contexts';
import { ScopePicker } from './scope-picker';
import styles from './playground.module.css';

/** Several values of a query parameter (`?project=a&project=b`, or one comma-separated), the fallback when none. */
function listParam(search: URLSearchParams, name: string, fallback: string): string[] {
  const values = [...new Set(search.getAll(name).flatMap((v) => v.split(',')).filter(Boolean))];
  return values.length > 0 ? values : [fallback];
}

/** The open explanation, `environment:flag` (an environment name holds no colon). */
function splitOpen(value: string): [string, string] {
  const at = value.indexOf(':');
  return at < 0 ? ['', ''] : [value.slice(0, at), value.slice(at + 1)];
}

/** Evaluate the chosen projects' flags in the chosen environments for a context, offline, explained; compare with the server's playground. */
export default function PlaygroundScreen() {
  const profileId = useActiveProfileId() ?? '';
  const [search, setSearch] = useSearchParams();
  const chosenProjects = listParam(search, 'project', 'default');
  const chosenEnvironments = listParam(search, 'environment', 'development');
  const [openEnvironment, openFlag] = splitOpen(search.get('flag') ?? '');
  const setParams = (name: string, values: readonly string[]) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      next.delete(name);
      for (const value of values) if (value) next.append(name, value);
      return next;
    });

  const projects = useInstanceQuery(instanceQueries.projects);
  const environments = useInstanceQuery(instanceQueries.environments);
  const fields = useInstanceQuery(instanceQueries.contextFields);
  const segments = useInstanceQuery(segmentQueries.list);
  const definitions = useQueries({
    queries: chosenProjects.map((projectId) => ({ ...playgroundQueries.definitions(profileId, projectId), enabled: profileId !== '' })),
    combine: (answers) => ({
      data: answers.every((a) => a.data !== undefined) ? answers.map((a) => a.data!) : null,
      failed: answers.find((a) => a.isError),
    }),
  });
  const loaded = definitions.data !== null;
  const failed = definitions.failed;
  const server = useServerPlayground();

  const [context, setContext] = useState<PlaygroundContext>({ appName: 'flagdesk', userId: 'user-1' });
  const [saved, setSaved] = useState(() => loadSavedContexts(profileId));
  const [saveName, setSaveName] = useState('');

  // Recomputed each render: a few hundred flags evaluate in well under a frame.
  const states = definitions.data ? chosenEnvironments.map((environment) => [environment, stateIn(definitions.data!, environment)] as const) : [];
  const results = states.map(([environment, state]) => {
    const evaluator = createEvaluator(state);
    const flags = state.features.map((f) => ({ project: f.project ?? '', name: f.name, evaluation: evaluator.evaluate(f.name, context) }));
    return [environment, flags] as const;
  });
  const projectName = (id: string) => projects.data?.find((p) => p.id === id)?.name ?? id;
  const flagCount = results[0]?.[1].length ?? 0;
  // Answers for another scope or context than the one shown are not a comparison of it.
  const asked = server.variables;
  const current =
    asked !== undefined &&
    asked.projects.join('\n') === chosenProjects.join('\n') &&
    chosenEnvironments.every((e) => asked.environments.includes(e)) &&
    JSON.stringify(asked.context) === JSON.stringify(context);
  const answers = current ? server.data : undefined;

  return (
    <section aria-label="Playground">
      <PageHeader
        title="Playground"
        description="Who does this match, and why not this user: evaluated here, offline, as the official SDKs evaluate."
        actions={
          <button
            type="button"
            className="button"
            disabled={server.isPending || !loaded}
            onClick={() => server.mutate({ environments: chosenEnvironments, projects: chosenProjects, context })}
          >
            {server.isPending ? 'Asking the server…' : 'Compare with the server'}
          </button>
        }
      />
      <div className={styles.layout}>
        <div>
          <div className="panel panel-stack">
            <ScopePicker
              legend="Projects"
              options={(projects.data ?? chosenProjects.map((id) => ({ id, name: id }))).map((p) => ({ id: p.id, label: p.name, title: p.id }))}
              chosen={chosenProjects}
              onChange={(next) => setParams('project', next)}
            />
            <ScopePicker
              legend="Environments"
              options={(environments.data ?? chosenEnvironments.map((name) => ({ name }))).map((e) => ({ id: e.name, label: e.name }))}
              chosen={chosenEnvironments}
              onChange={(next) => setParams('environment', next)}
            />
            <label className="field-compact">
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
            <div className="control-row">
              <label className="field-compact">
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
          {failed && <ErrorBanner error={failed.error} action="Loading the projects' flags" onRetry={() => void failed.refetch()} />}
          {server.isError && <ErrorBanner error={server.error} action="Asking the server's playground" />}
          {!loaded && !failed && <Loading label="Loading the projects' flags…" />}
          {loaded && flagCount === 0 && <EmptyState title={chosenProjects.length > 1 ? 'No flags in these projects' : 'No flags in this project'} />}
          {flagCount > 0 &&
            results.map(([environment, flags]) => (
              <EnvironmentResults
                key={environment}
                environment={environment}
                flags={flags}
                server={answers?.get(environment)}
                showProject={chosenProjects.length > 1}
                projectName={projectName}
                open={openEnvironment === environment ? openFlag : null}
                onToggle={(name) => setParams('flag', openEnvironment === environment && openFlag === name ? [] : [`${environment}:${name}`])}
              />
            ))}
          <BatchPanel segments={segments.data ?? []} state={states[0]?.[1]} />
        </div>
      </div>
    </section>
  );
}
