import { useId } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { RefreshButton } from '../../components/refresh-button';
import { useInstanceQuery } from '../../lib/instance-query';
import { useAfterPaint } from '../../lib/use-painted';
import { useUrlParams } from '../../lib/url-params';
import { ReadOnlyNotice, WriteLink } from '../connections';
import { instanceQueries } from '../instance';
import { segmentQueries } from './api';
import { applyFilters, filtersFrom } from './segment-filters';
import { SegmentTable } from './segment-table';
import styles from './segments.module.css';
import { plural } from '../../lib/plural';

export default function SegmentsScreen() {
  const segments = useInstanceQuery(segmentQueries.list);
  const projects = useInstanceQuery(instanceQueries.projects);
  const [params, setParams] = useUrlParams();
  const filters = filtersFrom(params);
  const ids = { q: useId(), scope: useId(), sort: useId() };
  const list = segments.data;
  const shown = list ? applyFilters(list, filters) : [];

  const set = (key: string, value: string | null) => setParams({ [key]: value });
  // opening a segment is the list's next step: the editor's code loads once the rows are painted, not on the click
  // (straight from the paint: as state, it rendered the whole list again before the load began)
  useAfterPaint(list !== undefined ? 'list' : null, () => void import('./segment-editor'));

  const filtered = filters.q !== '' || filters.scope !== 'all' || filters.unused;
  return (
    <section aria-label="Segments">
      <PageHeader
        title="Segments"
        description={
          list
            ? filtered
              ? `${shown.length} of ${plural(list.length, 'segment')} on this instance`
              : `${plural(list.length, 'segment')} on this instance`
            : 'Reusable sets of constraints.'
        }
        actions={
          <>
            <RefreshButton queries={[segments]} shown={list !== undefined} />
            <WriteLink to="/segments/new" className="button button-primary">
              New segment
            </WriteLink>
          </>
        }
      />
      <ReadOnlyNotice />
      {segments.isError && <ErrorBanner error={segments.error} action="Loading segments" onRetry={() => void segments.refetch()} />}
      {segments.isPending && !segments.isError && <Loading label="Loading segments…" />}
      {list && list.length === 0 && (
        <EmptyState title="No segments yet">
          Segments group constraints (such as a list of user ids or regions) so many strategies can share them.{' '}
          <WriteLink to="/segments/new">Create the first one</WriteLink>
        </EmptyState>
      )}
      {list && list.length > 0 && (
        <>
          <div className={styles.toolbar} role="search">
            <div className={styles.search}>
              <label htmlFor={ids.q}>Search</label>
              <input
                id={ids.q}
                type="search"
                value={filters.q}
                placeholder="Name, description or a value (e.g. a user id)"
                onChange={(event) => set('q', event.target.value)}
              />
            </div>
            <div>
              <label htmlFor={ids.scope}>Scope</label>
              <select id={ids.scope} value={filters.scope} onChange={(event) => set('scope', event.target.value === 'all' ? null : event.target.value)}>
                <option value="all">Global and project</option>
                <option value="global">Global only</option>
                {(projects.data ?? []).map((project) => (
                  <option key={project.id} value={project.id}>
                    Project {project.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={ids.sort}>Sort by</label>
              <select id={ids.sort} value={filters.sort} onChange={(event) => set('sort', event.target.value === 'name' ? null : event.target.value)}>
                <option value="name">Name</option>
                <option value="usage">Usage</option>
                <option value="changed">Last change</option>
              </select>
            </div>
            <label className={styles.check}>
              <input type="checkbox" checked={filters.unused} onChange={(event) => set('unused', event.target.checked ? '1' : null)} />
              Unused only
            </label>
          </div>
          {shown.length === 0 ? (
            <EmptyState title="No segment matches">
              <button type="button" className="button" onClick={() => setParams((next) => [...next.keys()].forEach((key) => next.delete(key)))}>
                Clear search and filters
              </button>
            </EmptyState>
          ) : (
            <SegmentTable segments={shown} />
          )}
        </>
      )}
    </section>
  );
}
