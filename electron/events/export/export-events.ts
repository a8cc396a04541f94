import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { EventQueryPage, EventQueryParams } from '../../../shared/schemas';
import type { ExportColumn, ExportFilter, ExportFormat, ExportProgress } from '../../../shared/schemas/event-export';
import { dayOf, newestWindowsFirst } from '../date-windows';
import { eventFormat } from './event-format';

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
  now?: () => Date;
}

export class ExportCancelled extends Error {
  constructor() {
    super('Export cancelled');
    this.name = 'ExportCancelled';
  }
}

/**
 * Walks the filtered search in date windows, newest first (so no request asks for a large offset), and streams it to
 * a temporary file beside the target, then renames it into place. On cancel or failure the temporary file is
 * removed: the chosen name only ever holds a complete export (or whatever was there before). Resolves to the number
 * of events written.
 */
export async function exportEvents(job: ExportJob): Promise<number> {
  const temporary = join(dirname(job.target), `.${basename(job.target)}.${randomBytes(6).toString('hex')}.part`);
  const format = eventFormat(job.format, job.columns);
  const now = job.now ?? (() => new Date());
  const query = (params: EventQueryParams): Promise<EventQueryPage> => {
    if (job.signal.aborted) throw new ExportCancelled();
    return job.query(params, job.signal);
  };
  const file = await open(temporary, 'wx', 0o600);
  let closed = false;
  try {
    await file.write(format.head());
    let written = 0;
    let total = 0;
    const pages = newestWindowsFirst(query, job.filter, { today: () => dayOf(now()), onTotal: (count) => (total = count) });
    // Windows are disjoint days and each drops the ids it already gave (events arriving meanwhile push its pages
    // down), so nothing is written twice; the windows already written are older than anything that arrives.
    for await (const page of pages) {
      if (job.signal.aborted) throw new ExportCancelled();
      if (page.events.length > 0) await file.write(format.page(page.events, written === 0));
      written += page.events.length;
      job.onProgress?.({ written, total: Math.max(total, written), done: false });
    }
    job.onProgress?.({ written, total: written, done: true });
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
