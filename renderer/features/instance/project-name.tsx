import { useInstanceQuery } from '../../lib/instance-query';
import { instanceQueries } from './api';

/**
 * A project as every screen shows it: its name, its id on hover. Until the projects are read (or for a project the
 * server no longer lists) the id stands in for the name.
 */
export function ProjectName({ id }: { id: string }) {
  const projects = useInstanceQuery(instanceQueries.projects);
  const name = projects.data?.find((project) => project.id === id)?.name;
  return <span title={`Project id: ${id}`}>{name || id}</span>;
}
