import { useRouteError } from 'react-router';
import { ErrorBanner } from '../components/error-banner';

/** A screen that threw while rendering: say so instead of a blank window, and offer the way home. */
export function RouteError() {
  const error = useRouteError();
  return (
    <main className="content" id="main">
      <ErrorBanner error={error} action="Showing this screen" onRetry={() => window.location.assign('#/segments')} />
    </main>
  );
}
