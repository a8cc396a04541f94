import { Link, useLocation } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { HOME } from './last-location';

export function NotFound() {
  const { pathname } = useLocation();
  return (
    <EmptyState title="Nothing at this address">
      <code>{pathname}</code> is not a Flagdesk screen. <Link to={HOME}>Go to Segments</Link>
    </EmptyState>
  );
}
