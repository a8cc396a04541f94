import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { BundleFile, BundleSummary, ExportBundleInput } from '../../shared/schemas';
import { readBundle, selectContent, writeBundle } from '../../shared/domain/compare/bundle';
import { ApiError } from '../../shared/errors';
import { readBounded } from '../playground/open-contexts-file';
import type { ShellPort } from '../shell/shell-port';
import type { AdminBackend } from '../backend/admin-backend';
import { readInstance } from './instance-reader';

/** A bundle of 1,000 segments of 1,000 values is a few MB; 50 MB keeps a mistaken pick out of memory. */
const MAX_BUNDLE_BYTES = 50 * 1024 * 1024;
const FILTERS = [
  { name: 'Flagdesk bundle', extensions: ['json'] },
  { name: 'All files', extensions: ['*'] },
];

/** Bundles the window opened this session, by id (the page names a bundle by its id, never by a path). */
export interface BundleShelf {
  open(): Promise<BundleSummary | null>;
  get(bundleId: string): { bundle: BundleFile; fileName: string };
  export(input: ExportBundleInput, source: { backend: AdminBackend; name: string }): Promise<{ saved: boolean; fileName: string | null }>;
}

export async function readBundleFile(path: string): Promise<BundleFile> {
  const name = basename(path);
  let text: string;
  try {
    text = (await readBounded(path, MAX_BUNDLE_BYTES)).toString('utf8');
  } catch {
    throw new ApiError(400, 'BundleRefusedError', `Could not read "${name}" (missing, unreadable, or over 50 MB).`);
  }
  const reading = readBundle(text);
  if (!reading.ok) throw new ApiError(400, 'BundleRefusedError', `"${name}" was refused: ${reading.reason}`);
  return reading.bundle;
}

export async function exportBundleContent(backend: AdminBackend, name: string, input: Pick<ExportBundleInput, 'kinds' | 'items'>, now: Date): Promise<string> {
  const { content, version } = await readInstance(backend);
  return writeBundle(selectContent(content, input.kinds, input.items), { name, serverVersion: version ?? null }, now);
}

export function createBundleShelf(shell: ShellPort): BundleShelf {
  const bundles = new Map<string, { bundle: BundleFile; fileName: string }>();
  return {
    async open() {
      const path = await shell.chooseOpenFile({ title: 'Open a Flagdesk bundle', filters: FILTERS });
      if (path === null) return null;
      const bundle = await readBundleFile(path);
      const bundleId = `bundle-${randomUUID()}`;
      const fileName = basename(path);
      bundles.set(bundleId, { bundle, fileName });
      const count = (list: unknown[] | null) => (list === null ? null : list.length);
      const { content } = bundle;
      return {
        bundleId,
        fileName,
        sourceName: bundle.source.name,
        serverVersion: bundle.source.serverVersion,
        exportedAt: bundle.exportedAt,
        counts: {
          segments: count(content.segments),
          strategyTypes: count(content.strategyTypes),
          contextFields: count(content.contextFields),
          corsOrigins: count(content.corsOrigins),
        },
      };
    },
    get(bundleId) {
      const found = bundles.get(bundleId);
      if (!found) throw new ApiError(404, 'NotFoundError', 'This bundle is no longer open (bundles last for the session): open it again.');
      return found;
    },
    async export(input, source) {
      const text = await exportBundleContent(source.backend, source.name, input, new Date());
      const safeName = source.name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'instance';
      const path = await shell.chooseSaveFile({ title: 'Export a bundle', defaultName: `${safeName}-bundle.json`, filters: FILTERS });
      if (path === null) return { saved: false, fileName: null };
      try {
        await writeFileAtomic(path, text, { mode: 0o600 });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'an error';
        throw new ApiError(500, 'FileWriteError', `Could not write "${basename(path)}" (${code}).`);
      }
      return { saved: true, fileName: basename(path) };
    },
  };
}
