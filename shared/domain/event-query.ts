/**
 * The patterns GET /api/admin/search/events declares for its filters (Unleash 6.10.1 eventSearchQueryParameters):
 * `IS:` or `IS_ANY_OF:` then comma-separated values; dates as `IS:yyyy-MM-dd`.
 */
export const EVENT_FILTER_PATTERN = '^(IS|IS_ANY_OF):(.*?)(,([a-zA-Z0-9_]+))*$';
export const EVENT_DATE_PATTERN = '^(IS):\\d{4}-\\d{2}-\\d{2}$';

/** Which parameters carry which pattern, in the order the server checks them. */
export const EVENT_QUERY_PATTERNS = {
  feature: EVENT_FILTER_PATTERN,
  project: EVENT_FILTER_PATTERN,
  type: EVENT_FILTER_PATTERN,
  createdBy: EVENT_FILTER_PATTERN,
  from: EVENT_DATE_PATTERN,
  to: EVENT_DATE_PATTERN,
} as const;
