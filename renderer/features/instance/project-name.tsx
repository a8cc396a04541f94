import { useInstanceQuery } from '../../lib/instance-query';
import { instanceQueries } from './api';

/**
 * A project as every screen shows it: its name, its id on hover. Until the projects are read (or for a project the
 * server no longer lists) the id stands in for the name.
 */
export function ProjectName({ id }: { id: string }) {
  return <span title={`Project id: ${id}`}>{useProjectName(id)}</span>;
}

/** The same as text, for a title or a label: the project's name, or its id until the projects are read. */
export function useProjectName(id: string): string {
  const projects = useInstanceQuery(instanceQueries.projects);
  return projects.data?.find((project) => project.id === id)?.name || id;
}
