import { PlaceholderScreen } from '../../components/placeholder-screen';

/** Placeholder: the Events screen replaces this component (same file, default export). */
export default function EventsScreen() {
  return (
    <PlaceholderScreen
      title="Events"
      summary="Browse and search the instance event log."
      bullets={['Filter by type, project, flag and date', 'Free-text search', 'Fast scrolling through large logs']}
    />
  );
}
