/** What other features may use of context fields. */
export { contextFieldKeys, contextFieldQueries } from './api';
