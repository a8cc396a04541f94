import { PlaceholderScreen } from '../../components/placeholder-screen';

/** Placeholder: the Archive check screen replaces this component (same file, default export). */
export default function ArchiveScreen() {
  return (
    <PlaceholderScreen
      title="Archive check"
      summary="See what archiving a set of flags would affect before you do it."
      bullets={['Parents whose children would be left orphaned', 'Whether dependencies would be deleted', 'Choose flags per project']}
    />
  );
}
