import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { useInstanceQuery } from '../../lib/instance-query';
import { ReadOnlyNotice, WriteLink } from '../connections';
import { instanceQueries, ProjectName, useProjectName } from '../instance';
import { ConstraintLine } from '../segments';
import { StrategySegments } from './strategy-segments';
import styles from './flags.module.css';

function Crumbs({ projectId, featureName }: { projectId?: string; featureName?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.crumbs}>
      <Link to="/flags">Projects</Link>
      {projectId && (
        <>
          {' / '}
          {featureName ? (
            <Link to={`/flags/${encodeURIComponent(projectId)}`}>
              <ProjectName id={projectId} />
            </Link>
          ) : (
            <span aria-current="page">
              <ProjectName id={projectId} />
            </span>
          )}
        </>
      )}
      {featureName && (
        <>
          {' / '}
          <span aria-current="page">{featureName}</span>
        </>
      )}
    </nav>
  );
}

function Projects() {
  const projects = useInstanceQuery(instanceQueries.projects);
  if (projects.isPending) return <Loading label="Loading projects…" />;
  if (projects.isError) return <ErrorBanner error={projects.error} action="Loading projects" onRetry={() => void projects.refetch()} />;
  return (
    <ul className={styles.cards} aria-label="Projects">
      {projects.data.map((project) => (
        <li key={project.id}>
          <Link className={styles.card} to={`/flags/${encodeURIComponent(project.id)}`}>
            <span className={styles.cardTitle}>{project.name}</span>
            <span className="muted">{project.featureCount ?? '–'} flags</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Flags({ projectId }: { projectId: string }) {
  const features = useInstanceQuery((p) => instanceQueries.features(p, projectId));
  const projectName = useProjectName(projectId);
  if (features.isPending) return <Loading label="Loading flags…" />;
  if (features.isError) return <ErrorBanner error={features.error} action="Loading flags" onRetry={() => void features.refetch()} />;
  if (features.data.length === 0) return <EmptyState title="No flags in this project" />;
  return (
    <ul className={styles.flagList} aria-label={`Flags of ${projectName}`}>
      {features.data.map((feature) => (
        <li key={feature.name}>
          <Link to={`/flags/${encodeURIComponent(projectId)}/${encodeURIComponent(feature.name)}`} className={styles.flagName}>
            {feature.name}
          </Link>
          <span className={styles.envBadges}>
            {(feature.environments ?? []).map((env) => (
              <span key={env.name} className={env.enabled ? styles.on : styles.off}>
                {env.name} {env.enabled ? 'on' : 'off'}
              </span>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Flag({ projectId, featureName }: { projectId: string; featureName: string }) {
  const feature = useInstanceQuery((p) => instanceQueries.feature(p, projectId, featureName));
  if (feature.isPending) return <Loading label="Loading the flag…" />;
  if (feature.isError) return <ErrorBanner error={feature.error} action="Loading the flag" onRetry={() => void feature.refetch()} />;
  return (
    <div className={styles.envs}>
      {feature.data.description && <p>{feature.data.description}</p>}
      {(feature.data.environments ?? []).map((env) => {
        const production = env.type === 'production';
        return (
          <section key={env.name} className={styles.env} aria-label={`Environment ${env.name}`}>
            <h2>
              {env.name} {production && <span className={styles.prod}>production</span>}{' '}
              <span className={env.enabled ? styles.on : styles.off}>{env.enabled ? 'enabled' : 'disabled'}</span>
            </h2>
            {(env.strategies ?? []).length === 0 && <p className="muted">No strategies.</p>}
            <ol className={styles.strategies}>
              {(env.strategies ?? []).map((strategy) => (
                <li key={strategy.id} className={styles.strategy} aria-label={`Strategy ${strategy.title || strategy.name} in ${env.name}`}>
                  <div className={styles.strategyHead}>
                    <strong>{strategy.title || strategy.name}</strong>
                    {strategy.title ? <code className="muted">{strategy.name}</code> : null}
                    {strategy.disabled ? <span className={styles.off}>disabled</span> : null}
                  </div>
                  {Object.keys(strategy.parameters ?? {}).length > 0 && (
                    <dl className={styles.params}>
                      {Object.entries(strategy.parameters ?? {}).map(([key, value]) => (
                        <div key={key}>
                          <dt>{key}</dt>
                          <dd>{value}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                  {(strategy.constraints ?? []).length > 0 && (
                    <ul className={styles.constraintList}>
                      {(strategy.constraints ?? []).map((constraint, index) => (
                        <li key={index}>
                          <ConstraintLine constraint={constraint} />
                        </li>
                      ))}
                    </ul>
                  )}
                  <StrategySegments projectId={projectId} featureName={featureName} environment={env.name} production={production} strategy={strategy} />
                </li>
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}

/** Projects -> flags -> a flag's environments and strategies: /flags, /flags/:projectId, /flags/:projectId/:featureName. */
export default function FlagsScreen() {
  const { projectId, featureName } = useParams();
  const projectName = useProjectName(projectId ?? '');
  const title = featureName ?? (projectId ? `Flags of ${projectName}` : 'Flags');
  return (
    <section aria-label={title}>
      <PageHeader
        title={title}
        description="Each strategy with its constraints, parameters and segments."
        actions={
          <WriteLink className="button" to="/bulk-assign">
            Assign segments in bulk
          </WriteLink>
        }
      />
      {featureName && <ReadOnlyNotice />}
      <Crumbs projectId={projectId} featureName={featureName} />
      {!projectId && <Projects />}
      {projectId && !featureName && <Flags projectId={projectId} />}
      {projectId && featureName && <Flag projectId={projectId} featureName={featureName} />}
    </section>
  );
}
