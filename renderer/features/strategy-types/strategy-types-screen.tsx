import { PlaceholderScreen } from '../../components/placeholder-screen';

/** Placeholder: the Strategy types screen replaces this component (same file, default export). */
export default function StrategyTypesScreen() {
  return (
    <PlaceholderScreen
      title="Strategy types"
      summary="Review and edit custom activation strategy types."
      bullets={['List built-in and custom types', "Edit a custom type's description and parameters"]}
    />
  );
}
