import { PlaceholderScreen } from '../../components/placeholder-screen';

export default function FlagsScreen() {
  return (
    <PlaceholderScreen
      title="Flags"
      summary="Projects, flags, environments and their strategies."
      bullets={['Each strategy with its constraints, parameters and segments', 'Replace the segments of a strategy', 'Assign a segment to many strategies at once']}
    />
  );
}
