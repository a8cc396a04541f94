import { useCallback, useMemo } from 'react';
import { useInstanceQuery } from '../../lib/instance-query';
import { instanceQueries } from './api';

/**
 * A project as every screen shows it: its name, its id on hover. Until the projects are read (or for a project the
 * server no longer lists) the id stands in for the name.
 */
export function ProjectName({ id }: { id: string }) {
  return <NamedProject id={id} name={useProjectName(id)} />;
}

/** ProjectName with the name already looked up (useProjectNames): a long list asks for the projects once, not per row. */
export function NamedProject({ id, name }: { id: string; name: string }) {
  return <span title={`Project id: ${id}`}>{name}</span>;
}

/** The same as text, for a title or a label: the project's name, or its id until the projects are read. */
export function useProjectName(id: string): string {
  const projects = useInstanceQuery(instanceQueries.projects);
  return projects.data?.find((project) => project.id === id)?.name || id;
}

/** useProjectName for many ids: one lookup, the same function until the projects change. */
export function useProjectNames(): (id: string) => string {
  const projects = useInstanceQuery(instanceQueries.projects).data;
  const names = useMemo(() => new Map(projects?.map((project) => [project.id, project.name])), [projects]);
  return useCallback((id: string) => names.get(id) || id, [names]);
}
