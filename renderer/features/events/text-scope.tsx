import { useActiveProfile } from '../../lib/active-profile';
import { useInstanceQuery } from '../../lib/instance-query';
import { eventQueries, useIndexAction } from './api';
import styles from './events.module.css';

interface Props {
  text: string;
  environments: readonly string[];
  projects: readonly { id: string; name: string }[];
  onFilter(key: 'environment' | 'project', value: string): void;
}

/**
 * What "Text in the change" searches, said while it is in use. The server's query (and the local copy, which
 * answers as the server does) looks only in the change's data, the data before it and the tags; the environment and
 * project a row's summary names are columns it skips. A text that names one is offered as that filter instead.
 * On a remote without a complete local copy the server answers: the note says so and offers the local copy, which
 * answers the same search on this computer, at once and while the server cannot be reached.
 */
export function TextScope({ text, environments, projects, onFilter }: Props) {
  const wanted = text.toLowerCase();
  const environment = environments.find((name) => name.toLowerCase() === wanted);
  const project = projects.find((candidate) => candidate.id.toLowerCase() === wanted || candidate.name.toLowerCase() === wanted);
  const remote = useActiveProfile()?.kind === 'remote';
  const copy = useInstanceQuery(eventQueries.index).data;
  const action = useIndexAction();
  const who = !remote ? 'The search' : copy?.state === 'complete' ? 'The local copy, searched as the server would,' : 'The server';
  return (
    <p id="event-text-scope" className={styles.textScope}>
      <span>
        {who} looks in what changed (the data after and before) and the tags, not in the environment or project a row
        names.
      </span>
      {remote && copy && (copy.state === 'off' || copy.state === 'stopped') && (
        <button type="button" className="button button-quiet" disabled={action.isPending} onClick={() => action.mutate('sync')}>
          {copy.state === 'off' ? 'Keep a local copy' : 'Resume the local copy'} (the same search on this computer, also offline)
        </button>
      )}
      {environment && (
        <button type="button" className="button button-quiet" onClick={() => onFilter('environment', environment)}>
          Show events in environment {environment}
        </button>
      )}
      {project && (
        <button type="button" className="button button-quiet" onClick={() => onFilter('project', project.id)}>
          Show events in project {project.name}
        </button>
      )}
    </p>
  );
}
