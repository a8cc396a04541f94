import type { AdminSegment } from '../../../shared/schemas';
import { useInstanceQuery } from '../../lib/instance-query';
import { segmentQueries } from './api';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { summarizeConstraint } from './constraint-summary';

const SHOWN_CONSTRAINTS = 2;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function SegmentRow({ segment }: { segment: AdminSegment }) {
  const { constraints } = segment;
  const hidden = constraints.length - SHOWN_CONSTRAINTS;
  return (
    <tr>
      <td>
        <div className="cell-primary">{segment.name}</div>
        {segment.description ? <div className="cell-secondary">{segment.description}</div> : null}
      </td>
      <td>{segment.project ? <code>{segment.project}</code> : <span className="muted">Global</span>}</td>
      <td>
        {constraints.length === 0 ? (
          <span className="muted">None: matches everyone</span>
        ) : (
          <ul className="constraint-list">
            {constraints.slice(0, SHOWN_CONSTRAINTS).map((constraint, index) => (
              <li key={index}>
                <code>{summarizeConstraint(constraint)}</code>
              </li>
            ))}
            {hidden > 0 && <li className="muted">+{plural(hidden, 'more constraint', 'more constraints')}</li>}
          </ul>
        )}
      </td>
      <td className="numeric">{segment.usedInFeatures ?? <span className="muted">–</span>}</td>
      <td className="numeric">{segment.usedInProjects ?? <span className="muted">–</span>}</td>
    </tr>
  );
}

export default function SegmentsScreen() {
  const segments = useInstanceQuery(segmentQueries.list);
  const list = segments.data;

  return (
    <section aria-label="Segments">
      <PageHeader
        title="Segments"
        description={list ? plural(list.length, 'segment', 'segments') + ' on this instance' : 'Reusable sets of constraints.'}
        actions={
          <button type="button" className="button" onClick={() => void segments.refetch()} disabled={segments.isFetching}>
            {segments.isFetching && list ? 'Refreshing…' : 'Refresh'}
          </button>
        }
      />
      {segments.isError && (
        <ErrorBanner error={segments.error} action="Loading segments" onRetry={() => void segments.refetch()} />
      )}
      {segments.isPending && !segments.isError && <Loading label="Loading segments…" />}
      {list && list.length === 0 && (
        <EmptyState title="No segments yet">
          Segments group constraints (such as a list of user ids or regions) so many strategies can share them.
        </EmptyState>
      )}
      {list && list.length > 0 && (
        <div className="table-wrap">
          <table className="table" aria-label="Segments">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Project</th>
                <th scope="col">Constraints</th>
                <th scope="col" className="numeric">
                  Used in flags
                </th>
                <th scope="col" className="numeric">
                  Used in projects
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((segment) => (
                <SegmentRow key={segment.id} segment={segment} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
