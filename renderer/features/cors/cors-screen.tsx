import { PlaceholderScreen } from '../../components/placeholder-screen';

/** Placeholder: the CORS screen replaces this component (same file, default export). */
export default function CorsScreen() {
  return (
    <PlaceholderScreen
      title="CORS"
      summary="Manage the origins allowed to call the Frontend API."
      bullets={['Add and remove origins', 'Origin validation before saving', 'Allow every origin with *']}
    />
  );
}
