import { useInstanceQuery } from '../../lib/instance-query';
import { instanceQueries } from './api';

/**
 * Reads the active instance's projects and environments as soon as it is active, whatever the screen: most screens
 * name them (a row's project, a filter's choices). Read only when a screen mounted, their answers came in the frame
 * that painted the screen's first rows, and each row showed a project's id until its name came.
 */
export function useInstanceNames(): void {
  // read, not watched: the shell renders nothing of them, so their fetches and answers do not render it again
  useInstanceQuery((profileId) => ({ ...instanceQueries.projects(profileId), notifyOnChangeProps: [] }));
  useInstanceQuery((profileId) => ({ ...instanceQueries.environments(profileId), notifyOnChangeProps: [] }));
}
