/** What other features may use of this area: what a list of origins allows (the event timeline's restore). */
export { OriginsDangerNotice } from './origins-danger-notice';
