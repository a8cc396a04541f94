import { COMPARE_KINDS, bundleIdSchema, type CompareKind, type CompareSide, type CompareStatus } from '../../../shared/schemas';

/**
 * The compare screen's state in its URL (docs/renderer.md: every selection has a URL):
 * `/compare?left=demo&right=remote-1&show=changed&item=segments:beta-users`.
 */

/** Which items the lists show: `changed` (everything but the same ones) unless the admin picks another. */
export const SHOW_OPTIONS = ['changed', 'differs', 'only-left', 'only-right', 'same', 'all'] as const;
export type Show = (typeof SHOW_OPTIONS)[number];

export function parseShow(value: string | null): Show {
  return (SHOW_OPTIONS as readonly string[]).includes(value ?? '') ? (value as Show) : 'changed';
}

export function shows(show: Show, status: CompareStatus): boolean {
  if (show === 'all') return true;
  if (show === 'changed') return status !== 'same';
  return show === status;
}

/** An item named across the screen and the URL: its kind, a colon, its name (kinds hold no colon). */
export function itemKey(kind: CompareKind, name: string): string {
  return `${kind}:${name}`;
}

export function parseItemKey(key: string | null): { kind: CompareKind; name: string } | null {
  if (!key) return null;
  const at = key.indexOf(':');
  const kind = key.slice(0, at);
  if (at < 0 || !(COMPARE_KINDS as readonly string[]).includes(kind)) return null;
  return { kind: kind as CompareKind, name: key.slice(at + 1) };
}

/** A side as the URL says it: a profile's id, or `bundle:<id>` for a bundle opened this session (no profile id has a colon). */
export function sideFromParam(value: string): CompareSide {
  return value.startsWith(BUNDLE_PREFIX) ? { type: 'bundle', bundleId: value.slice(BUNDLE_PREFIX.length) } : { type: 'profile', profileId: value };
}

export function sideParam(side: CompareSide): string {
  return side.type === 'bundle' ? `${BUNDLE_PREFIX}${side.bundleId}` : side.profileId;
}

const BUNDLE_PREFIX = 'bundle:';

function isBundleParam(value: string): boolean {
  return value.startsWith(BUNDLE_PREFIX) && bundleIdSchema.safeParse(value.slice(BUNDLE_PREFIX.length)).success;
}

/**
 * The two sides to compare: those in the URL when they are known profiles or bundles, else the active profile on the
 * left and the first other one on the right. Null for a side there is none for (only one profile).
 */
export function pickSides(
  profileIds: readonly string[],
  activeId: string | undefined,
  wanted: { left: string | null; right: string | null },
): { left: string | null; right: string | null } {
  const known = (id: string | null) => (id !== null && (profileIds.includes(id) || isBundleParam(id)) ? id : null);
  const left = known(wanted.left) ?? (activeId && profileIds.includes(activeId) ? activeId : (profileIds[0] ?? null));
  const right = known(wanted.right) ?? profileIds.find((id) => id !== left) ?? null;
  return { left, right };
}
