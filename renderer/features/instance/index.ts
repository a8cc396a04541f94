export { instanceKeys, instanceQueries, strategyTypeKeys, strategyTypeQueries } from './api';
export { ProjectName } from './project-name';
