import { basename } from 'node:path';
import { ApiError } from '../../../shared/errors';
import { DEFAULT_EXPORT_COLUMNS, type ExportEventsInput, type ExportFormat, type ExportProgress, type ExportResult } from '../../../shared/schemas/event-export';
import type { EventQueryPage, EventQueryParams } from '../../../shared/schemas';
import type { FileFilter, ShellPort } from '../../shell/shell-port';
import { ExportCancelled, exportEvents } from './export-events';
import type { ValueRedactor } from '../../security/redact';
import type { EventTextPage } from '../../backend/demo/events/event-json';
import type { AnswerBytes } from '../../backend/operations/events';

/**
 * events.export / events.cancelExport: main asks where to save (the page never names a path), runs one export at a
 * time, pushes progress, and aborts the in-flight request on cancel.
 */
export interface ExportService {
  start(input: ExportEventsInput): Promise<ExportResult>;
  /** Stops the running export (no-op when none runs). */
  cancel(): void;
}

/** Where one export reads its pages: one instance, fixed once its file is chosen. */
export interface ExportSource {
  /** One page of the search; `signal` aborts the request in flight (the remote backend's withSignal view). */
  query(params: EventQueryParams, signal: AbortSignal): Promise<EventQueryPage>;
  /** A complete local copy's page as its events' texts, else null (ExportJob.texts). */
  texts?(params: EventQueryParams): Promise<EventTextPage | null>;
  /** The server's answer as its bytes, for the JSON formats (ExportJob.bytes). */
  bytes?(params: EventQueryParams, signal: AbortSignal): Promise<AnswerBytes>;
  /**
   * Asked when the export ends early (a cancel or a failure): why the instance it reads can no longer be read (another
   * one made active, or its connection reopened), else undefined. The export then ends as stopped, saying so: a
   * switch closes the backend, and its pages fail as cancelled requests the user never cancelled.
   */
  interrupted?(): Promise<string | undefined>;
}

export interface ExportServiceOptions {
  shell: ShellPort;
  /**
   * The instance active once the file is chosen, asked once: every page comes from it, and no page asks again which
   * instance is active. A switch meanwhile stops the export (ExportSource.interrupted), so the file holds one instance.
   */
  source(): Promise<ExportSource>;
  onProgress(progress: ExportProgress): void;
  /** Scrubs every known token from each event before it reaches the file. */
  redact?: ValueRedactor;
  now?: () => Date;
}

const FILTERS: Record<ExportFormat, FileFilter> = {
  jsonl: { name: 'JSON Lines', extensions: ['jsonl'] },
  json: { name: 'JSON', extensions: ['json'] },
  csv: { name: 'CSV', extensions: ['csv'] },
};

export function createExportService(options: ExportServiceOptions): ExportService {
  let running: AbortController | null = null;
  return {
    async start(input) {
      if (running) throw new ApiError(409, 'ConflictError', 'An export is already running; cancel it or wait for it to finish.');
      const controller = new AbortController();
      running = controller;
      let source: ExportSource | undefined;
      try {
        const day = (options.now?.() ?? new Date()).toISOString().slice(0, 10);
        const target = await options.shell.chooseSaveFile({
          title: 'Export events',
          defaultName: `flagdesk-events-${day}.${input.format}`,
          filters: [FILTERS[input.format]],
        });
        if (target === null || controller.signal.aborted) return { status: 'cancelled' };
        source = await options.source();
        const { query, texts, bytes } = source;
        const written = await exportEvents({
          query,
          ...(texts ? { texts } : {}),
          ...(bytes ? { bytes } : {}),
          filter: input.filter,
          format: input.format,
          columns: input.columns ?? DEFAULT_EXPORT_COLUMNS,
          target,
          signal: controller.signal,
          onProgress: options.onProgress,
          ...(options.now ? { now: options.now } : {}),
          ...(options.redact ? { redact: options.redact } : {}),
        });
        return { status: 'done', written, fileName: basename(target) };
      } catch (error) {
        // a failure to tell leaves the export's own error to say what happened
        const reason = await source?.interrupted?.().catch(() => undefined);
        if (reason !== undefined) return { status: 'stopped', reason };
        if (error instanceof ExportCancelled) return { status: 'cancelled' };
        throw error;
      } finally {
        if (running === controller) running = null;
      }
    },
    cancel() {
      running?.abort();
    },
  };
}
