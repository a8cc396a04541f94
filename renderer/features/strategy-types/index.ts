/** What other features may use of this area: the breaking-change review of a type change (the event timeline's restore). */
export { strategyTypeQueries } from './api';
export { ChangeDetails } from './change-review';
