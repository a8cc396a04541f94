/** What other features may use of the event log. */
export { eventKeys } from './api';
