export { instanceKeys, instanceQueries, strategyTypeKeys, strategyTypeQueries } from './api';
export { ProjectName, useProjectName } from './project-name';
