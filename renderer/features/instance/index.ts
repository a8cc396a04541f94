export { instanceKeys, instanceQueries, strategyTypeKeys, strategyTypeQueries } from './api';
export { NamedProject, ProjectName, useProjectName, useProjectNames } from './project-name';
export { useInstanceNames } from './instance-names';
