import { Link, useLocation } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { HOME } from './last-location';

/** A screen like any other: its heading says where the user is, so a screen reader and a glance both tell. */
export function NotFound() {
  const { pathname } = useLocation();
  return (
    <section aria-label="Not found">
      <PageHeader title="Nothing at this address" />
      <EmptyState title="Not a Flagdesk screen">
        <code>{pathname}</code> is not a Flagdesk screen. <Link to={HOME}>Go to Segments</Link>
      </EmptyState>
    </section>
  );
}
