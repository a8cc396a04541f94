import { useEffect, useRef, useState } from 'react';
import { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMNS, EXPORT_FORMATS, type ExportColumn, type ExportFormat, type ExportProgress } from '../../../shared/schemas/event-export';
import { Dialog, DialogActions } from '../../components/dialog';
import { ErrorBanner } from '../../components/error-banner';
import { notify } from '../../components/toast';
import { useCancelExport, useExportEvents, usePush } from './api';
import { filtersToParams, type EventFilters } from './event-filters';
import styles from './events.module.css';

const FORMAT_NAMES: Record<ExportFormat, string> = { jsonl: 'JSON Lines (one event a line)', json: 'JSON (one array)', csv: 'CSV (chosen columns)' };

/** Export the whole filtered result: main asks where to save, streams every page, reports progress, can cancel. */
export function ExportDialog({ filters, total, onClose }: { filters: EventFilters; total: number; onClose(): void }) {
  const [format, setFormat] = useState<ExportFormat>('jsonl');
  const [columns, setColumns] = useState<ExportColumn[]>([...DEFAULT_EXPORT_COLUMNS]);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  // while shown, the dialog says how the export ended; once gone (the reader left the screen), a toast does
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const run = useExportEvents({
    onSuccess: (result) => {
      if (result.status === 'done') {
        notify({ tone: 'ok', title: 'Export written', description: `${result.written.toLocaleString()} events to ${result.fileName}` });
        if (shown.current) onClose();
      } else if (result.status === 'stopped' && !shown.current) notify({ tone: 'error', title: 'Export stopped', description: result.reason });
    },
    onError: (error) => {
      if (!shown.current) notify({ tone: 'error', title: 'Export failed', description: error.message });
    },
  });
  const cancel = useCancelExport();

  usePush('events.exportProgress', setProgress);

  const start = () => {
    setProgress(null);
    const { offset: _o, limit: _l, ...filter } = filtersToParams(filters);
    run.mutate({ filter, format, ...(format === 'csv' ? { columns } : {}) });
  };
  const toggle = (column: ExportColumn) => setColumns((list) => (list.includes(column) ? list.filter((c) => c !== column) : EXPORT_COLUMNS.filter((c) => c === column || list.includes(c))));
  const cancelled = run.data?.status === 'cancelled';

  return (
    <Dialog title="Export events" isOpen onClose={() => (run.isPending ? cancel.mutate() : onClose())} dismissable={!run.isPending}>
      <p>
        All {total.toLocaleString()} events of the current filter, not just the loaded page. You choose where to save in
        the next step.
      </p>
      <fieldset className={styles.fieldset} disabled={run.isPending}>
        <legend>Format</legend>
        {EXPORT_FORMATS.map((option) => (
          <label key={option} className={styles.choice}>
            <input type="radio" name="export-format" value={option} checked={format === option} onChange={() => setFormat(option)} /> {FORMAT_NAMES[option]}
          </label>
        ))}
      </fieldset>
      {format === 'csv' && (
        <fieldset className={styles.fieldset} disabled={run.isPending}>
          <legend>Columns</legend>
          <div className={styles.columns}>
            {EXPORT_COLUMNS.map((column) => (
              <label key={column} className={styles.choice}>
                <input type="checkbox" checked={columns.includes(column)} onChange={() => toggle(column)} /> {column}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {run.isPending && progress && (
        <div>
          <progress max={Math.max(1, progress.total)} value={progress.written} aria-label="Export progress" />{' '}
          {progress.written.toLocaleString()} of {progress.total.toLocaleString()}
        </div>
      )}
      {cancelled && <p role="status">Export cancelled; no file was written.</p>}
      {run.data?.status === 'stopped' && <p role="alert">{run.data.reason}</p>}
      {run.isError && <ErrorBanner error={run.error} action="Exporting" />}
      <DialogActions>
        {run.isPending ? (
          <button type="button" className="button" onClick={() => cancel.mutate()}>
            Cancel export
          </button>
        ) : (
          <>
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
            <button type="button" className="button button-primary" onClick={start} disabled={format === 'csv' && columns.length === 0}>
              Choose file and export
            </button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
