/** What other features may use of compare: its keys (a write elsewhere may make a comparison stale). */
export { compareKeys } from './api';
