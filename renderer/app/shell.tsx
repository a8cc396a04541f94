import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Loading } from '../components/loading';
import { ToastRegion } from '../components/toast';
import { useConnectionPushes, useProtection, useReachabilityWatch } from '../features/connections';
import { useInstanceNames } from '../features/instance';
import { ActiveInstance } from './active-instance';
import { bindHistoryKeys } from './history-keys';
import { saveLastLocation } from './last-location';
import { ScreenBoundary } from './screen-boundary';
import { SECTIONS } from './sections';
import { Navigation } from './navigation';
import { SaveNotice } from './save-notice';
import { StatusNotice } from './status-notice';

export function Shell() {
  useConnectionPushes();
  useReachabilityWatch();
  useInstanceNames();
  const { level } = useProtection();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => bindHistoryKeys((delta) => void navigate(delta)), [navigate]);
  useEffect(() => saveLastLocation(location), [location]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main" onClick={(event) => {
        // The hash is the router's: move focus without navigating.
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}>
        Skip to content
      </a>
      <header className="topbar" data-protection={level}>
        <span className="brand">
          <span className="brand-mark" aria-hidden="true" />
          Flagdesk
        </span>
        <ActiveInstance />
      </header>
      <Navigation />
      <main id="main" className="content" tabIndex={-1}>
        <SaveNotice />
        <StatusNotice />
        {/* One Suspense for every screen, above the boundary keyed per section: a navigation (a transition) to a
            screen whose chunk is not in yet keeps the screen shown until it is. Inside a new boundary per section,
            a first visit showed "Opening…", and React holds a fallback it has shown for at least 300 ms. */}
        <Suspense fallback={<Loading label="Opening…" />}>
          <ScreenBoundary key={sectionOf(location.pathname)?.path ?? location.pathname} at={location.pathname} screen={screenName(location.pathname)}>
            <Outlet />
          </ScreenBoundary>
        </Suspense>
      </main>
      <ToastRegion />
    </div>
  );
}

function sectionOf(pathname: string) {
  return SECTIONS.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
}

/** "the Playground screen", from the section the path is in. */
function screenName(pathname: string): string {
  const section = sectionOf(pathname);
  return section ? `the ${section.label} screen` : 'this screen';
}
