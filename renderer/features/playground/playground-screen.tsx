import { PlaceholderScreen } from '../../components/placeholder-screen';

/** Placeholder: the Playground screen replaces this component (same file, default export). */
export default function PlaygroundScreen() {
  return (
    <PlaceholderScreen
      title="Playground"
      summary="Evaluate flags and segments against a context, offline."
      bullets={['Which flags are on for a context, and why', 'Test a segment against many contexts']}
    />
  );
}
