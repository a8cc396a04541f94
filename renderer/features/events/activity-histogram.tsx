import { lazy, memo, Suspense, useState } from 'react';
import type { EventHistogram } from '../../../shared/schemas';
import styles from './events.module.css';

// uPlot and its canvas come with the chart's own chunk, after the list's first rows
const ActivityChart = lazy(() => import('./activity-chart'));

const span = (from: string, to: string): string => (from === to ? from : `${from} – ${to}`);
const events = (count: number): string => `${count.toLocaleString()} ${count === 1 ? 'event' : 'events'}`;

/**
 * Events per day (or run of days) over the current filter. Dragging across the bars narrows the date range to them
 * (a click picks one bar); the From and To filters do the same from the keyboard. The canvas has a text alternative:
 * a label with the totals and a table of every bar for screen readers. Memoised: the screen renders again with each
 * page of rows the list loads while it scrolls, and the table holds a row per bar.
 */
export const ActivityHistogram = memo(function ActivityHistogram({
  histogram,
  stale = false,
  onRange,
}: {
  histogram: EventHistogram;
  /** The bars are the previous filter's while the new ones load. */
  stale?: boolean;
  onRange(from: string, to: string): void;
}) {
  const { buckets } = histogram;
  const [hovered, setHovered] = useState<number | null>(null);
  if (buckets.length === 0) return null;
  const first = buckets[0] as (typeof buckets)[number];
  const last = buckets.at(-1) as (typeof buckets)[number];
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  const busiest = buckets.reduce((top, bucket) => (bucket.count > top.count ? bucket : top), first);
  const unit = histogram.days === 1 ? 'day' : `${histogram.days} days`;
  const pick = (a: number, b: number) => {
    const start = buckets[a];
    const end = buckets[b];
    if (start && end) onRange(start.from, end.to);
  };
  const shown = hovered === null ? undefined : buckets[hovered];
  const summary = `${events(total)} from ${first.from} to ${last.to}, most in ${span(busiest.from, busiest.to)} (${busiest.count.toLocaleString()})`;

  return (
    <figure className={`${styles.histogram} ${stale ? styles.histogramStale : ''}`} aria-busy={stale}>
      <div role="img" aria-label={`Events per ${unit}: ${summary}. Drag across the bars to narrow the dates.`} className={styles.histogramPlot}>
        {/* its code comes a moment after the rows: the box says so rather than stand empty under its caption */}
        <Suspense
          fallback={
            <p className={styles.histogramLoading} aria-hidden="true">
              Drawing the chart…
            </p>
          }
        >
          <ActivityChart buckets={buckets} onPick={pick} onHover={setHovered} />
        </Suspense>
      </div>
      {/* the wrapper hides it: a table box ignores the height and overflow that .sr-only sets */}
      <div className="sr-only">
        <table>
          <caption>Events per {unit}</caption>
          <thead>
            <tr>
              <th scope="col">Dates</th>
              <th scope="col">Events</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucket.from}>
                <td>{span(bucket.from, bucket.to)}</td>
                <td>{bucket.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption className={styles.histogramCaption}>
        <span>{shown ? `${span(shown.from, shown.to)}: ${events(shown.count)}` : `${events(total)}, per ${unit}`}</span>
        <span>Drag across the bars to narrow the dates (or set From and To)</span>
      </figcaption>
    </figure>
  );
});
