/** What other features may use of the event log. */
export { eventKeys } from './api';
/** One entity's history (diffs, compare with current, restore through the protection level), for its own screen. */
export { EntityHistory, type RestoreHooks } from './entity-timeline';
