/** What other features may use of segments. */
export { segmentKeys, segmentQueries, useSetStrategySegments } from './api';
export { summarizeConstraint } from './constraint-summary';
