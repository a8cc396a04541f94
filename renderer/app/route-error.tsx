import { useRouteError } from 'react-router';
import { ErrorBanner } from '../components/error-banner';

/**
 * The shell itself threw (a screen's own failure stays in its ScreenBoundary): say so instead of a blank window,
 * and retry where the user was.
 */
export function RouteError() {
  const error = useRouteError();
  return (
    <main className="content" id="main">
      <ErrorBanner error={error} action="Showing the window" onRetry={() => window.location.reload()} />
    </main>
  );
}
