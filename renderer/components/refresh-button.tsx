/**
 * Reads the screen's data again. It says "Refreshing…" only while data already shown is being read again (the first
 * read has its own loading state), and is off while any read is under way.
 */
export function RefreshButton({
  queries,
  shown,
  onRefresh,
}: {
  queries: readonly { isFetching: boolean; refetch(): unknown }[];
  shown: boolean;
  /** Reads again in the screen's own way (a list of pages starts over from its first) instead of refetching each. */
  onRefresh?: () => void;
}) {
  const fetching = queries.some((query) => query.isFetching);
  return (
    <button
      type="button"
      className="button"
      onClick={() => {
        if (onRefresh) return onRefresh();
        for (const query of queries) void query.refetch();
      }}
      disabled={fetching}
    >
      {fetching && shown ? 'Refreshing…' : 'Refresh'}
    </button>
  );
}
