import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { EventHistogram } from '../../../shared/schemas';
import styles from './activity-chart.module.css';

type Bucket = EventHistogram['buckets'][number];

const HEIGHT = 72;
/** A pointer that moves less than this between press and release picked one bar rather than a range. */
const CLICK_SLOP = 4;
const monthDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortDay = (day: string): string => monthDay.format(new Date(`${day}T00:00:00.000Z`));

/** The theme's colours as the canvas needs them (resolved values, read again when the OS theme flips). */
function themeColours(element: HTMLElement) {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return { bar: token('--accent', '#4a4dc7'), text: token('--text-muted', '#5c6677'), grid: token('--border', '#dde1e7') };
}

interface Props {
  buckets: readonly Bucket[];
  /** Called with the first and last bucket a drag covered (or the one bucket clicked). */
  onPick(first: number, last: number): void;
  /** The bucket under the pointer (null when it leaves), for the caption's read-out. */
  onHover(index: number | null): void;
}

/**
 * The activity bars on uPlot's canvas: one bar per bucket, drag-to-select along x (uPlot's own), and a click on a
 * single bar. Loaded lazily with its library so neither the entry nor the list's first paint waits for it.
 */
export default function ActivityChart({ buckets, onPick, onHover }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef({ onPick, onHover });
  useEffect(() => {
    latest.current = { onPick, onHover };
  });

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const dark = window.matchMedia('(prefers-color-scheme: dark)');
    let chart: uPlot | null = null;
    let downX = 0;
    const pickRange = (left: number, width: number) => {
      if (!chart) return;
      const first = chart.posToIdx(left);
      const last = chart.posToIdx(left + width);
      latest.current.onPick(Math.max(0, Math.min(first, last)), Math.min(buckets.length - 1, Math.max(first, last)));
    };
    const onDown = (e: MouseEvent) => {
      downX = e.clientX;
    };
    const onUp = (e: MouseEvent) => {
      // uPlot reports drags through setSelect; a press and release in place picks the bar under the pointer
      if (!chart || Math.abs(e.clientX - downX) >= CLICK_SLOP) return;
      const index = chart.cursor.idx;
      if (index !== null && index !== undefined) latest.current.onPick(index, index);
    };

    // read at draw time, so a theme flip repaints the same chart rather than building a new one
    let colours = themeColours(element);
    const onTheme = () => {
      colours = themeColours(element);
      chart?.redraw(false, true);
    };

    const build = () => {
      const peak = Math.max(1, ...buckets.map((bucket) => bucket.count));
      const axis = { stroke: () => colours.text, grid: { show: false }, ticks: { stroke: () => colours.grid, width: 1, size: 4 }, font: '11px system-ui, sans-serif' };
      const options: uPlot.Options = {
        width: Math.max(120, element.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        padding: [6, 8, 0, 0],
        cursor: {
          drag: { x: true, y: false, setScale: false, dist: CLICK_SLOP },
          points: { show: false },
          y: false,
        },
        scales: { x: { time: false, range: [-0.5, buckets.length - 0.5] }, y: { range: [0, peak] } },
        axes: [
          {
            ...axis,
            size: 24,
            space: 64,
            incrs: [1, 2, 3, 5, 7, 10, 14, 15, 20, 30],
            values: (_u, splits) => splits.map((split) => (Number.isInteger(split) && buckets[split] ? shortDay((buckets[split] as Bucket).from) : '')),
          },
          // only 0 and the peak: the bars are for the shape; exact counts are in the caption and the table
          { ...axis, size: 44, splits: () => [0, peak], values: (_u, splits) => splits.map((split) => split.toLocaleString()) },
        ],
        series: [
          {},
          {
            label: 'Events',
            fill: () => colours.bar,
            stroke: () => colours.bar,
            width: 0,
            paths: uPlot.paths.bars?.({ size: [0.8, 48], align: 0 }),
            points: { show: false },
          },
        ],
        hooks: {
          setSelect: [
            (u) => {
              if (u.select.width <= 0) return;
              pickRange(u.select.left, u.select.width);
              u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            },
          ],
          setCursor: [(u) => latest.current.onHover(u.cursor.idx ?? null)],
        },
      };
      const data: uPlot.AlignedData = [buckets.map((_, index) => index), buckets.map((bucket) => bucket.count)];
      chart = new uPlot(options, data, element);
      chart.over.addEventListener('mousedown', onDown);
      chart.over.addEventListener('mouseup', onUp);
      chart.over.addEventListener('mouseleave', () => latest.current.onHover(null));
    };

    build();
    const resize = new ResizeObserver(() => chart?.setSize({ width: Math.max(120, element.clientWidth), height: HEIGHT }));
    resize.observe(element);
    dark.addEventListener('change', onTheme);
    return () => {
      dark.removeEventListener('change', onTheme);
      resize.disconnect();
      chart?.destroy();
    };
  }, [buckets]);

  return <div ref={host} className={styles.chart} aria-hidden="true" />;
}
