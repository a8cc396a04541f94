/** What other features may use of segments. */
export { segmentKeys, segmentQueries, useSetStrategySegments } from './api';
export { ConstraintLine } from './constraint-line';
export { summarizeConstraint } from './constraint-summary';
export { UsageList } from './usage-list';
export { groupUsage, touchesProduction, type UsageGroup } from './usage';
