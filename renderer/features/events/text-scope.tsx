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
 */
export function TextScope({ text, environments, projects, onFilter }: Props) {
  const wanted = text.toLowerCase();
  const environment = environments.find((name) => name.toLowerCase() === wanted);
  const project = projects.find((candidate) => candidate.id.toLowerCase() === wanted || candidate.name.toLowerCase() === wanted);
  return (
    <p id="event-text-scope" className={styles.textScope}>
      <span>
        The search looks in what changed (the data after and before) and the tags, not in the environment or project a
        row names.
      </span>
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
