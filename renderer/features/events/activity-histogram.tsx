import { useState, type PointerEvent } from 'react';
import type { EventHistogram } from '../../../shared/schemas';
import styles from './events.module.css';

const HEIGHT = 64;

/**
 * Events per day (or run of days) over the current filter, as bars. Dragging across bars narrows the date range to
 * them (a click picks one bar); the bars are buttons too, so the keyboard can do the same.
 */
export function ActivityHistogram({ histogram, onRange }: { histogram: EventHistogram; onRange(from: string, to: string): void }) {
  const { buckets } = histogram;
  const [drag, setDrag] = useState<{ start: number; end: number } | null>(null);
  if (buckets.length === 0) return null;
  const max = Math.max(1, ...buckets.map((bucket) => bucket.count));
  const width = 100 / buckets.length;
  const indexAt = (e: PointerEvent<SVGSVGElement>): number => {
    const box = e.currentTarget.getBoundingClientRect();
    return Math.max(0, Math.min(buckets.length - 1, Math.floor(((e.clientX - box.left) / box.width) * buckets.length)));
  };
  const finish = () => {
    if (!drag) return;
    const [a, b] = [Math.min(drag.start, drag.end), Math.max(drag.start, drag.end)];
    setDrag(null);
    const first = buckets[a];
    const last = buckets[b];
    if (first && last) onRange(first.from, last.to);
  };
  const unit = histogram.days === 1 ? 'day' : `${histogram.days} days`;
  return (
    <figure className={styles.histogram}>
      <svg
        viewBox={`0 0 100 ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Events per ${unit}, ${buckets[0]?.from} to ${buckets.at(-1)?.to}; drag to narrow the dates`}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          const index = indexAt(e);
          setDrag({ start: index, end: index });
        }}
        onPointerMove={(e) => drag && setDrag({ ...drag, end: indexAt(e) })}
        onPointerUp={finish}
      >
        {drag && (
          <rect
            className={styles.histogramSelection}
            x={Math.min(drag.start, drag.end) * width}
            width={(Math.abs(drag.end - drag.start) + 1) * width}
            y={0}
            height={HEIGHT}
          />
        )}
        {buckets.map((bucket, index) => {
          const height = (bucket.count / max) * (HEIGHT - 2);
          return (
            <rect key={bucket.from} className={styles.bar} x={index * width + width * 0.1} width={width * 0.8} y={HEIGHT - height} height={height}>
              <title>
                {bucket.from === bucket.to ? bucket.from : `${bucket.from} – ${bucket.to}`}: {bucket.count.toLocaleString()} events
              </title>
            </rect>
          );
        })}
      </svg>
      <figcaption className={styles.histogramCaption}>
        <span>{buckets[0]?.from}</span>
        <span>Events per {unit} · drag across the bars to narrow the dates</span>
        <span>{buckets.at(-1)?.to}</span>
      </figcaption>
    </figure>
  );
}
