import { z } from 'zod';
import { BUNDLE_FORMAT, BUNDLE_VERSION, bundleFileSchema, type BundleFile, type CompareKind, type InstanceContent, type ItemRef } from '../../schemas';
import { COMPARE_KINDS } from '../../schemas/compare';

/**
 * Bundles (shared/schemas/bundle.ts) as text: what is written and the one reading of a file, which refuses a newer
 * format version or a damaged file with the reason. Pure, so the window and the CLI read bundles alike.
 */

export type BundleReading = { ok: true; bundle: BundleFile } | { ok: false; reason: string };

export function readBundle(text: string): BundleReading {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'The file is not JSON: it is damaged or not a Flagdesk bundle.' };
  }
  const head = z.looseObject({ format: z.unknown(), version: z.unknown() }).safeParse(raw);
  if (!head.success || head.data.format !== BUNDLE_FORMAT) return { ok: false, reason: 'The file is not a Flagdesk bundle (its "format" is not "flagdesk-bundle").' };
  const version = head.data.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return { ok: false, reason: 'The bundle is damaged: its "version" is not a format version.' };
  }
  if (version > BUNDLE_VERSION) {
    return { ok: false, reason: `The bundle was written by a newer Flagdesk (format version ${version}; this one reads version ${BUNDLE_VERSION}). Update Flagdesk to read it.` };
  }
  const parsed = bundleFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    return { ok: false, reason: `The bundle is damaged${where}: ${issue?.message ?? 'it does not fit the format'}.` };
  }
  return { ok: true, bundle: parsed.data };
}

/** A selection of one instance's content: whole kinds, single items, or everything. */
export function selectContent(content: InstanceContent, kinds?: readonly CompareKind[], items?: readonly ItemRef[]): InstanceContent {
  if (!kinds && !items) return content;
  const pick = (kind: CompareKind) => {
    const list = content[kind] as ({ name: string } | string)[] | null;
    if (list === null) return null;
    if (kinds?.includes(kind)) return list;
    const names = new Set((items ?? []).filter((item) => item.kind === kind).map((item) => item.name));
    if (names.size === 0) return null;
    return list.filter((entry) => names.has(typeof entry === 'string' ? entry : entry.name));
  };
  const selected = Object.fromEntries(COMPARE_KINDS.map((kind) => [kind, pick(kind)]));
  return { ...(selected as Omit<InstanceContent, 'projects'>), projects: content.projects };
}

export function writeBundle(content: InstanceContent, source: BundleFile['source'], exportedAt: Date): string {
  const bundle: BundleFile = { format: BUNDLE_FORMAT, version: BUNDLE_VERSION, exportedAt: exportedAt.toISOString(), source, content };
  return `${JSON.stringify(bundle, null, 2)}\n`;
}
