import { useEffect, useMemo, useRef, useState } from 'react';
import { entityOf, type EventEntity } from '../../../shared/domain/event-entity';
import { beforeStateOf } from '../../../shared/domain/event-versions';
import { eventProject } from '../../../shared/domain/event-wording';
import type { NameLookup } from '../../../shared/domain/semantic-diff';
import type { FlagEvent } from '../../../shared/schemas';
import { useInstanceQuery } from '../../lib/instance-query';
import { instanceQueries, ProjectName } from '../instance';
import { segmentQueries } from '../segments';
import { BeforeStateNote, EventDiff } from './event-diff';
import { exactTime, plainSummary } from './event-format';
import { EntityTimeline, useEntityTimelineEvents } from './entity-timeline';
import styles from './events.module.css';

/** Names for the ids payloads carry (segments, projects), from what the instance lists. */
export function useNameLookup(): NameLookup {
  const segments = useInstanceQuery(segmentQueries.list).data;
  const projects = useInstanceQuery(instanceQueries.projects).data;
  return useMemo(() => {
    const segmentNames = new Map(segments?.map((segment) => [String(segment.id), segment.name]));
    const projectNames = new Map(projects?.map((project) => [project.id, project.name]));
    return { segment: (id) => segmentNames.get(id), project: (id) => projectNames.get(id) };
  }, [segments, projects]);
}

export function EventDetail({ event, onClose }: { event: FlagEvent; onClose(): void }) {
  const names = useNameLookup();
  const entity = entityOf(event);
  const history = useEntityTimelineEvents(entity);
  const [showTimeline, setShowTimeline] = useState(false);
  const [copied, setCopied] = useState(false);
  // narrow windows stack the pane under the list: bring it into view when an event is opened
  const pane = useRef<HTMLElement>(null);
  useEffect(() => {
    pane.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  // the history opens below the diff, often below the fold: bring its heading into view and focus it
  const timeline = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!showTimeline || !timeline.current) return;
    timeline.current.focus({ preventScroll: true });
    timeline.current.scrollIntoView?.({ block: 'start' });
  }, [showTimeline]);
  const before = beforeStateOf(event, history.data?.events ?? []);
  const project = eventProject(event);
  const needsHistory = !event.preData && !event.type.endsWith('-created') && entity !== null && entity.kind !== 'flag';

  const copy = async () => {
    await navigator.clipboard.writeText(JSON.stringify(event, null, 2));
    setCopied(true);
  };

  return (
    <section ref={pane} className={styles.detail} aria-label={`Event ${event.id}`}>
      <header className={styles.detailHeader}>
        <div>
          <h2 className={styles.detailTitle}>{event.label ?? event.type}</h2>
          <p className={styles.detailSummary}>{plainSummary(event)}</p>
        </div>
        <button type="button" className="button button-quiet" onClick={onClose} aria-label="Close the event">
          ✕
        </button>
      </header>
      <dl className={`facts ${styles.detailFacts}`}>
        <dt>Event</dt>
        <dd>#{event.id}</dd>
        <dt>When</dt>
        <dd>
          <time dateTime={event.createdAt}>{exactTime(event.createdAt)}</time>
        </dd>
        <dt>Type</dt>
        <dd>
          <code>{event.type}</code>
        </dd>
        <dt>By</dt>
        <dd>{event.createdBy}</dd>
        {project !== null && (
          <>
            <dt>Project</dt>
            <dd>
              <ProjectName id={project} />
            </dd>
          </>
        )}

        {event.featureName && (
          <>
            <dt>Flag</dt>
            <dd>{event.featureName}</dd>
          </>
        )}
        {event.environment && (
          <>
            <dt>Environment</dt>
            <dd>{event.environment}</dd>
          </>
        )}
      </dl>
      <div className={styles.detailActions}>
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy as JSON'}
        </button>
        {entity && (
          <button type="button" className="button" aria-expanded={showTimeline} onClick={() => setShowTimeline((open) => !open)}>
            {showTimeline ? 'Hide history' : `History of this ${KIND_WORDS[entity.kind]}`}
          </button>
        )}
      </div>
      <h3 className="section-title">Change</h3>
      {needsHistory && history.isPending ? (
        <p className="muted">Looking for the previous version…</p>
      ) : (
        <>
          <BeforeStateNote before={before} />
          <EventDiff before={before.before} after={event.type.endsWith('-deleted') ? null : (event.data ?? null)} names={names} />
        </>
      )}
      {showTimeline && entity && (
        <div ref={timeline} tabIndex={-1} className={styles.timelineHost}>
          <EntityTimeline entity={entity} events={history.data?.events ?? []} loading={history.isPending} names={names} currentId={event.id} />
        </div>
      )}
    </section>
  );
}

export const KIND_WORDS: Record<EventEntity['kind'], string> = {
  segment: 'segment',
  flag: 'flag',
  'strategy-type': 'strategy type',
  cors: 'CORS setting',
};

