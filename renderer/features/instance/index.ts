export { instanceKeys, instanceQueries } from './api';
