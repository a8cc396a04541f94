import { useId, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { AdminSegment } from '../../../shared/schemas';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { RefreshButton } from '../../components/refresh-button';
import { useInstanceQuery } from '../../lib/instance-query';
import { useUrlParams } from '../../lib/url-params';
import { ReadOnlyNotice, WriteLink } from '../connections';
import { instanceQueries, ProjectName } from '../instance';
import { segmentQueries } from './api';
import { ConstraintLine } from './constraint-line';
import { applyFilters, filtersFrom } from './segment-filters';
import styles from './segments.module.css';

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function SegmentRow({ segment }: { segment: AdminSegment }) {
  const flags = segment.usedInFeatures ?? 0;
  const projects = segment.usedInProjects ?? 0;
  return (
    <tr>
      <td className={styles.nameCell}>
        <Link to={`/segments/${segment.id}`} className={styles.name} title={segment.name} data-row-link>
          {segment.name}
        </Link>
        {segment.description ? <div className={styles.description}>{segment.description}</div> : null}
      </td>
      <td>{segment.project ? <span className={styles.nowrap}><ProjectName id={segment.project} /></span> : <span className="muted">Global</span>}</td>
      <td>
        {segment.constraints.length === 0 ? (
          <span className="muted">None: matches everyone</span>
        ) : (
          <ul className={styles.constraints}>
            {segment.constraints.map((constraint, index) => (
              <li key={index}>
                <ConstraintLine constraint={constraint} />
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className={styles.usage}>
        {segment.usedInFeatures == null ? (
          <span className="muted">–</span>
        ) : flags === 0 ? (
          <span className="muted">Unused</span>
        ) : (
          <>
            {plural(flags, 'flag')}
            <div className={styles.description}>{plural(projects, 'project')}</div>
          </>
        )}
      </td>
    </tr>
  );
}

/** Up/Down move between the rows' links, Home/End to the first/last: the table reads like a list. */
function onTableKeys(event: KeyboardEvent<HTMLTableElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const links = Array.from(event.currentTarget.querySelectorAll<HTMLAnchorElement>('a[data-row-link]'));
  const index = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (index < 0) return;
  event.preventDefault();
  const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: links.length - 1 }[event.key] ?? index;
  links[Math.max(0, Math.min(links.length - 1, next))]?.focus();
}

export default function SegmentsScreen() {
  const segments = useInstanceQuery(segmentQueries.list);
  const projects = useInstanceQuery(instanceQueries.projects);
  const [params, setParams] = useUrlParams();
  const filters = filtersFrom(params);
  const ids = { q: useId(), scope: useId(), sort: useId() };
  const list = segments.data;
  const shown = list ? applyFilters(list, filters) : [];

  const set = (key: string, value: string | null) => setParams({ [key]: value });

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
            <div className="table-wrap">
              <table className={styles.table} aria-label="Segments" onKeyDown={onTableKeys}>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Scope</th>
                    <th scope="col">Constraints</th>
                    <th scope="col">Used in</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((segment) => (
                    <SegmentRow key={segment.id} segment={segment} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
