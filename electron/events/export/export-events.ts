import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { EventQueryPage, EventQueryParams } from '../../../shared/schemas';
import type { ExportColumn, ExportFilter, ExportFormat, ExportProgress } from '../../../shared/schemas/event-export';
import { eventFormat } from './event-format';

/** The server's page cap on GET /search/events (facts §4.3). */
export const EXPORT_PAGE_SIZE = 1000;

export interface ExportJob {
  /** One page of the search; must honour `signal` (the remote backend's withSignal view does). */
  query(params: EventQueryParams, signal: AbortSignal): Promise<EventQueryPage>;
  filter: ExportFilter;
  format: ExportFormat;
  columns: readonly ExportColumn[];
  /** Where the user chose to save. Nothing appears under this name until the whole result is written. */
  target: string;
  signal: AbortSignal;
  onProgress?(progress: ExportProgress): void;
}

export class ExportCancelled extends Error {
  constructor() {
    super('Export cancelled');
    this.name = 'ExportCancelled';
  }
}

/**
 * Walks every page of the filtered search, newest first, and streams it to a temporary file beside the target, then
 * renames it into place. On cancel or failure the temporary file is removed: the chosen name only ever holds a
 * complete export (or whatever was there before). Resolves to the number of events written.
 */
export async function exportEvents(job: ExportJob): Promise<number> {
  const temporary = join(dirname(job.target), `.${basename(job.target)}.${randomBytes(6).toString('hex')}.part`);
  const format = eventFormat(job.format, job.columns);
  const file = await open(temporary, 'wx', 0o600);
  let closed = false;
  try {
    await file.write(format.head());
    let written = 0;
    let offset = 0;
    let total = 0;
    // Events that arrive during the export push older ones down a page; ids only grow, so anything at or above the
    // lowest id written so far has been written already.
    let lowestId = Number.POSITIVE_INFINITY;
    for (;;) {
      if (job.signal.aborted) throw new ExportCancelled();
      const page = await job.query({ ...job.filter, offset: String(offset), limit: String(EXPORT_PAGE_SIZE) }, job.signal);
      if (job.signal.aborted) throw new ExportCancelled();
      if (offset === 0) total = page.total;
      const fresh = page.events.filter((event) => event.id < lowestId);
      for (const event of fresh) lowestId = Math.min(lowestId, event.id);
      if (fresh.length > 0) await file.write(format.page(fresh, written === 0));
      written += fresh.length;
      offset += page.events.length;
      const last = page.events.length < EXPORT_PAGE_SIZE;
      job.onProgress?.({ written, total: Math.max(total, written), done: last });
      if (last) break;
    }
    await file.write(format.tail());
    await file.sync();
    await file.close();
    closed = true;
    await rename(temporary, job.target);
    return written;
  } catch (error) {
    if (!closed) await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    if (job.signal.aborted) throw new ExportCancelled();
    throw error;
  }
}
