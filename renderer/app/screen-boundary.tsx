import { Component, type ReactNode } from 'react';
import { ErrorBanner } from '../components/error-banner';

interface Props {
  /** What the screen is called, for "Showing … failed". */
  screen: string;
  /** The current path: a failed screen starts afresh when it changes (a selection within the same screen). */
  at: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

/**
 * One screen's error boundary: a screen that throws while rendering shows a fault in its own place, while the
 * header, the navigation and every other screen keep working. The shell keys it by section, so going to another
 * screen starts afresh (and within a screen, a new selection clears a failure without remounting the screen); Retry
 * renders the screen again (what the user typed is kept above it in sessionStorage via lib/session-draft.ts: the
 * playground's CSV, the segment editor's and the strategy type editor's unsaved forms, the CORS rows and paste box,
 * the Events search text).
 */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.at !== this.props.at) this.setState({ error: null, failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorBanner
        error={this.state.error}
        action={`Showing ${this.props.screen}`}
        onRetry={() => this.setState({ error: null, failed: false })}
      />
    );
  }
}
