import { Suspense, useState } from 'react';
import { useConnectionPushes } from '../api/connections';
import { Loading } from '../components/loading';
import { ActiveInstance } from './active-instance';
import { Navigation } from './navigation';
import { SECTIONS, type SectionId } from './sections';
import { SaveNotice } from './save-notice';
import { StatusNotice } from './status-notice';

export function Shell() {
  const [current, setCurrent] = useState<SectionId>('segments');
  useConnectionPushes();
  const section = SECTIONS.find((s) => s.id === current) ?? SECTIONS[0];
  const Screen = section?.Screen;

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true" />
          Flagdesk
        </span>
        <ActiveInstance onOpenConnections={() => setCurrent('connections')} />
      </header>
      <Navigation current={current} onSelect={setCurrent} />
      <main id="main" className="content" tabIndex={-1}>
        <SaveNotice />
        <StatusNotice />
        <Suspense fallback={<Loading label="Opening…" />}>{Screen ? <Screen /> : null}</Suspense>
      </main>
    </div>
  );
}
