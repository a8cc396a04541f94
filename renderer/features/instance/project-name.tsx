import { useCallback } from 'react';
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
  return useProjectNames()(id);
}

/** Each answer's projects by id, built once however many rows and labels look names up in it. */
const namesByAnswer = new WeakMap<readonly { id: string; name: string }[], Map<string, string>>();

/** useProjectName for many ids: one lookup, the same function until the projects change. */
export function useProjectNames(): (id: string) => string {
  const projects = useInstanceQuery(instanceQueries.projects).data;
  return useCallback(
    (id: string) => {
      if (!projects) return id;
      let names = namesByAnswer.get(projects);
      if (!names) {
        names = new Map(projects.map((project) => [project.id, project.name]));
        namesByAnswer.set(projects, names);
      }
      return names.get(id) || id;
    },
    [projects],
  );
}
