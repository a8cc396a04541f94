/**
 * Reads the screen's data again. It says "Refreshing…" only while data already shown is being read again (the first
 * read has its own loading state), and is off while any read is under way.
 */
export function RefreshButton({ queries, shown }: { queries: readonly { isFetching: boolean; refetch(): unknown }[]; shown: boolean }) {
  const fetching = queries.some((query) => query.isFetching);
  return (
    <button
      type="button"
      className="button"
      onClick={() => {
        for (const query of queries) void query.refetch();
      }}
      disabled={fetching}
    >
      {fetching && shown ? 'Refreshing…' : 'Refresh'}
    </button>
  );
}
