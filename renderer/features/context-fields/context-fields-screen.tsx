import { useId } from 'react';
import { Link } from 'react-router';
import type { ContextField, ContextFieldUsage } from '../../../shared/schemas';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { RefreshButton } from '../../components/refresh-button';
import { useInstanceQuery } from '../../lib/instance-query';
import { useUrlParams } from '../../lib/url-params';
import { ReadOnlyNotice, WriteLink } from '../connections';
import { contextFieldQueries } from './api';
import { usageCount } from './field-usage';
import styles from './context-fields.module.css';
import { plural } from '../../lib/plural';

const SHOWN_VALUES = 8;

function UsedBy({ usage, pending }: { usage: ContextFieldUsage | undefined; pending: boolean }) {
  if (pending) return <span className="muted">Finding…</span>;
  if (!usage || usageCount(usage) === 0) return <span className="muted">Unused</span>;
  const flags = new Set(usage.strategies.map((s) => `${s.projectId}/${s.featureName}`)).size;
  return (
    <div className={styles.usedBy}>
      {usage.strategies.length > 0 && <div>{`${plural(usage.strategies.length, 'strategy', 'strategies')} in ${plural(flags, 'flag')}`}</div>}
      {usage.segments.length > 0 && (
        <ul aria-label="Segments">
          {usage.segments.map((segment) => (
            <li key={segment.id}>
              Segment <Link to={`/segments/${segment.id}`}>{segment.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function FieldRow({ field, usage, usagePending }: { field: ContextField; usage: ContextFieldUsage | undefined; usagePending: boolean }) {
  const legal = field.legalValues ?? [];
  return (
    <tr>
      <td className={styles.nameCell}>
        <Link to={`/context-fields/${encodeURIComponent(field.name)}`} className={styles.name} title={field.name}>
          {field.name}
        </Link>
        {field.description ? <div className={styles.description}>{field.description}</div> : null}
      </td>
      <td>
        {legal.length === 0 ? (
          <span className="muted">Any value</span>
        ) : (
          <ul className={styles.chips} aria-label={`Legal values of ${field.name}: ${legal.length}`}>
            {legal.slice(0, SHOWN_VALUES).map((value) => (
              <li key={value.value} className={styles.chip} title={value.description ?? undefined}>
                {value.value}
              </li>
            ))}
            {legal.length > SHOWN_VALUES && <li className="muted">and {legal.length - SHOWN_VALUES} more</li>}
          </ul>
        )}
      </td>
      <td>{field.stickiness ? 'Yes' : <span className="muted">No</span>}</td>
      <td>
        <UsedBy usage={usage} pending={usagePending} />
      </td>
    </tr>
  );
}

function matches(field: ContextField, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (needle === '') return true;
  const texts = [field.name, field.description ?? '', ...(field.legalValues ?? []).flatMap((l) => [l.value, l.description ?? ''])];
  return texts.some((text) => text.toLowerCase().includes(needle));
}

/** /context-fields: every context field with its legal values, stickiness and what uses it; ?q= searches, ?sort=usage. */
export default function ContextFieldsScreen() {
  const fields = useInstanceQuery(contextFieldQueries.list);
  const usage = useInstanceQuery(contextFieldQueries.usage);
  const [params, setParams] = useUrlParams();
  const ids = { q: useId(), sort: useId() };
  const q = params.get('q') ?? '';
  const sort = params.get('sort') === 'usage' ? 'usage' : 'name';
  const byName = new Map((usage.data ?? []).map((entry) => [entry.contextName, entry]));
  const list = fields.data;
  const shown = (list ?? [])
    .filter((field) => matches(field, q))
    .sort((a, b) => (sort === 'usage' ? usageCount(byName.get(b.name)) - usageCount(byName.get(a.name)) : 0) || a.name.localeCompare(b.name));

  const set = (key: string, value: string | null) => setParams({ [key]: value });

  return (
    <section aria-label="Context fields">
      <PageHeader
        title="Context fields"
        description={
          list
            ? q
              ? `${shown.length} of ${plural(list.length, 'context field')} on this instance`
              : `${plural(list.length, 'context field')} on this instance`
            : 'What constraints can ask about a user or a request.'
        }
        actions={
          <>
            <RefreshButton queries={[fields, usage]} shown={list !== undefined} />
            <WriteLink to="/context-fields/new" className="button button-primary">
              New context field
            </WriteLink>
          </>
        }
      />
      <ReadOnlyNotice />
      {fields.isError && <ErrorBanner error={fields.error} action="Loading context fields" onRetry={() => void fields.refetch()} />}
      {usage.isError && <ErrorBanner error={usage.error} action="Finding where context fields are used" onRetry={() => void usage.refetch()} />}
      {fields.isPending && !fields.isError && <Loading label="Loading context fields…" />}
      {list && list.length === 0 && (
        <EmptyState title="No context fields">
          Constraints can still name any field; defining one gives it a description and legal values.{' '}
          <WriteLink to="/context-fields/new">Create the first one</WriteLink>
        </EmptyState>
      )}
      {list && list.length > 0 && (
        <>
          <div className={styles.toolbar} role="search">
            <div className={styles.search}>
              <label htmlFor={ids.q}>Search</label>
              <input id={ids.q} type="search" value={q} placeholder="Name, description or a legal value" onChange={(event) => set('q', event.target.value)} />
            </div>
            <div>
              <label htmlFor={ids.sort}>Sort by</label>
              <select id={ids.sort} value={sort} onChange={(event) => set('sort', event.target.value === 'name' ? null : event.target.value)}>
                <option value="name">Name</option>
                <option value="usage">Usage</option>
              </select>
            </div>
          </div>
          {shown.length === 0 ? (
            <EmptyState title="No context field matches">
              <button type="button" className="button" onClick={() => setParams((next) => [...next.keys()].forEach((key) => next.delete(key)))}>
                Clear search
              </button>
            </EmptyState>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table} aria-label="Context fields">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Legal values</th>
                    <th scope="col">Stickiness</th>
                    <th scope="col">Used by</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((field) => (
                    <FieldRow key={field.name} field={field} usage={byName.get(field.name)} usagePending={usage.isPending && !usage.isError} />
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
