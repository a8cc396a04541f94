export { instanceKeys, instanceQueries } from './api';
export { ProjectName } from './project-name';
