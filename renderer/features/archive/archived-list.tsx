import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef } from 'react';
import type { ArchivedFlag } from '../../../shared/schemas';
import { ProjectName } from '../instance';
import styles from './archived.module.css';
import { flagKey } from './archived-order';
import { rowSlots, useFocusedRowKept } from '../../lib/virtual-rows';

/** The row's height in archived.module.css (.row): the virtualizer places rows by it. */
const ROW_HEIGHT = 64;
/** Below this many rows every row is rendered; above, only those in view (a long archive scrolls like a short one). */
export const VIRTUAL_FROM = 150;

interface Props {
  flags: readonly ArchivedFlag[];
  selected: ReadonlySet<string>;
  onToggle(flag: ArchivedFlag, on: boolean): void;
}

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : 'unknown';
}

function Row({ flag, index, checked, onToggle }: { flag: ArchivedFlag; index: number; checked: boolean; onToggle(on: boolean): void }) {
  const id = `archived-${flagKey(flag)}`;
  return (
    <li className={`${styles.row} ${checked ? styles.rowSelected : ''}`} data-index={index}>
      <input type="checkbox" id={id} checked={checked} onChange={(event) => onToggle(event.target.checked)} />
      <label htmlFor={id} className={styles.cells}>
        <span className={styles.name}>
          <span className={styles.flagName}>{flag.name}</span>
          <span className={styles.description}>{flag.description ?? flag.type ?? ''}</span>
        </span>
        <span className={styles.project}>
          <ProjectName id={flag.project} />
        </span>
        <span className={styles.archived}>
          <time dateTime={flag.archivedAt ?? undefined}>{when(flag.archivedAt)}</time>
          <span className={styles.by}>{flag.archivedBy ? `by ${flag.archivedBy}` : 'by unknown (not in the event log read)'}</span>
        </span>
        <span className={styles.dependencies}>
          {flag.recordedDependencies.length === 0
            ? 'none recorded'
            : flag.recordedDependencies.map((d) => `depended on ${d.parent}${d.enabled ? '' : ' (off)'}`).join(', ')}
        </span>
      </label>
    </li>
  );
}

/** An invisible block of the rows out of view: sized by an SVG height attribute, since the CSP refuses inline styles. */
function Spacer({ height }: { height: number }) {
  return (
    <li aria-hidden="true" className={styles.spacer}>
      <svg width="1" height={Math.max(0, height)} focusable="false" />
    </li>
  );
}

/** The archived flags, each with a checkbox; virtualised when long (the focused row stays rendered while scrolled away). */
export function ArchivedList({ flags, selected, onToggle }: Props) {
  const parent = useRef<HTMLDivElement>(null);
  const virtual = flags.length >= VIRTUAL_FROM;
  const rangeExtractor = useFocusedRowKept(parent);
  // sizes follow the flag, not its position (a new sort or filter); stable, or every scroll step re-measured the list
  const getItemKey = useCallback((index: number) => (flags[index] ? flagKey(flags[index]) : index), [flags]);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? flags.length : 0,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey,
    rangeExtractor,
    overscan: 8,
  });
  const row = (flag: ArchivedFlag, index: number) => (
    <Row key={flagKey(flag)} flag={flag} index={index} checked={selected.has(flagKey(flag))} onToggle={(on) => onToggle(flag, on)} />
  );
  const rows = virtual
    ? rowSlots(virtualizer.getVirtualItems(), virtualizer.getTotalSize()).map((slot) =>
        slot.kind === 'gap' ? <Spacer key={slot.key} height={slot.height} /> : row(flags[slot.index] as ArchivedFlag, slot.index),
      )
    : flags.map(row);
  return (
    <div ref={parent} className={styles.scroller}>
      <div className={styles.header} aria-hidden="true">
        <span />
        <span>
          Flag<span className={styles.headerNarrow}>, project</span>
        </span>
        <span className={styles.headerWide}>Project</span>
        <span>
          Archived<span className={styles.headerNarrow}>, recorded dependencies</span>
        </span>
        <span className={styles.headerWide}>Recorded dependencies</span>
      </div>
      <ul className={styles.list} aria-label={`Archived flags, ${flags.length} shown`}>
        {rows}
      </ul>
    </div>
  );
}
