import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { eventProject } from '../../../shared/domain/event-wording';
import type { FlagEvent } from '../../../shared/schemas';
import { useNow } from '../../lib/use-now';
import { rowSlots } from '../../lib/virtual-rows';
import { NamedProject, useProjectNames } from '../instance';
import styles from './events.module.css';
import { exactTime, plainSummary, relativeTime } from './event-format';

/** The row's height in events.module.css (.row): the virtualizer places rows by it. */
const ROW_HEIGHT = 52;
/** How often "3 minutes ago" moves on: one re-render of the rows in view. */
const TICK_MS = 30_000;

interface Props {
  events: readonly FlagEvent[];
  total: number;
  selectedId: number | null;
  onSelect(id: number): void;
  onOpen(id: number): void;
  /** Called when the reader nears the end of what is loaded, with how many rows the list has. */
  onNearEnd(shown: number): void;
}

const count = new Intl.NumberFormat();

/**
 * One virtualized list over the whole filtered history: only the rows in view exist in the DOM, so 100,000 loaded
 * events scroll like 100. Arrow keys move the selection, Enter opens it, Home/End jump. The rows sit between two
 * spacers sized by SVG height attributes: the CSP refuses inline styles, so nothing here positions by style.
 */
export function EventList(props: Props) {
  // Read here, outside the list that re-renders on every scroll step: the clock and the project names change
  // rarely, and their hooks (a query observer among them) cost each step its share.
  const now = useNow(TICK_MS);
  const projectName = useProjectNames();
  return <VirtualEventList {...props} now={now} projectName={projectName} />;
}

interface ListProps extends Props {
  now: number;
  projectName(id: string): string;
}

function VirtualEventList({ events, total, selectedId, onSelect, onOpen, onNearEnd, now, projectName }: ListProps) {
  const parent = useRef<HTMLDivElement>(null);
  // The rule guards the React Compiler's auto-memoisation, which this build does not use; the virtualizer re-renders itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: events.length, getScrollElement: () => parent.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;
  const selectedIndex = selectedId === null ? -1 : events.findIndex((event) => event.id === selectedId);

  useEffect(() => {
    if (lastIndex >= events.length - 20) onNearEnd(events.length);
  }, [lastIndex, events.length, onNearEnd]);

  const move = (index: number) => {
    const event = events[Math.max(0, Math.min(events.length - 1, index))];
    if (!event) return;
    onSelect(event.id);
    virtualizer.scrollToIndex(events.indexOf(event), { align: 'auto' });
  };

  // stable, so rows that stay in view while scrolling skip re-rendering (EventRow is memoised)
  const latestOpen = useRef(onOpen);
  useEffect(() => {
    latestOpen.current = onOpen;
  });
  const open = useCallback((id: number) => latestOpen.current(id), []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(selectedIndex + 1),
      ArrowUp: () => move(selectedIndex - 1),
      PageDown: () => move(selectedIndex + 10),
      PageUp: () => move(selectedIndex - 10),
      Home: () => move(0),
      End: () => move(events.length - 1),
      Enter: () => selectedId !== null && onOpen(selectedId),
    };
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  };

  return (
    <div
      ref={parent}
      className={styles.list}
      role="listbox"
      aria-label={`Events, ${count.format(total)} in all`}
      aria-activedescendant={selectedId === null ? undefined : `event-row-${selectedId}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      {rowSlots(items, virtualizer.getTotalSize()).map((slot) => {
        if (slot.kind === 'gap') return <Spacer key={slot.key} height={slot.height} />;
        const event = events[slot.index] as FlagEvent;
        return <EventRow key={event.id} event={event} projectName={projectName} selected={event.id === selectedId} now={now} onOpen={open} />;
      })}
    </div>
  );
}

/** Rows out of view, as one block: sized by an SVG height attribute, since the CSP refuses inline styles. */
function Spacer({ height }: { height: number }) {
  return <svg className={styles.spacer} width="1" height={Math.max(0, height)} aria-hidden="true" focusable="false" />;
}

interface RowProps {
  event: FlagEvent;
  /** Looks up a project's name (useProjectNames, once for the list: a query per row cost each scroll step its mounts). */
  projectName(id: string): string;
  selected: boolean;
  now: number;
  onOpen(id: number): void;
}

/** One row; only rows that scroll into view (or change selection) render, not all in view on every scroll step. */
const EventRow = memo(function EventRow({ event, projectName, selected, now, onOpen }: RowProps) {
  const project = eventProject(event);
  return (
    <div
      id={`event-row-${event.id}`}
      role="option"
      aria-selected={selected}
      className={`${styles.row} ${selected ? styles.rowSelected : ''}`}
      onClick={() => onOpen(event.id)}
    >
      <div className={styles.rowTop}>
        <time dateTime={event.createdAt} title={exactTime(event.createdAt)} className={styles.time}>
          {relativeTime(event.createdAt, now)}
        </time>
        <span className={styles.type}>{event.type}</span>
        <span className={styles.who}>{event.createdBy}</span>
        {/* 5.x's no-project placeholder is a global thing: shown as 6.x shows a null project, without one */}
        {project && (
          <span className={styles.meta}>
            <NamedProject id={project} name={projectName(project)} />
          </span>
        )}
        {event.featureName && <span className={styles.meta}>{event.featureName}</span>}
        {event.environment && <span className={styles.meta}>{event.environment}</span>}
      </div>
      <div className={styles.rowSummary}>{plainSummary(event)}</div>
    </div>
  );
});
