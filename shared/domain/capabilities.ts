import type { CapabilityOperation, ServerCapabilities } from '../schemas/capabilities';

/** How many events the app reads at most when it must filter them itself (POST /events/search pages of 100). */
export const EVENT_SCAN_LIMIT = 10_000;

/** One line of "what this server supports", as the Connections test report and the screens show it. */
export interface CapabilityLine {
  operation: CapabilityOperation;
  /** false: the server cannot do it at all; the screen says so instead of failing. */
  supported: boolean;
  /** A sentence when the app does part of the work itself (e.g. filters events), which the screen should show. */
  limitation?: string;
  text: string;
}

const NAMES: Record<CapabilityOperation, string> = {
  eventSearch: 'Event search',
  corsWrite: 'CORS origins',
  archive: 'Archive flags',
  revive: 'Revive flags',
  playground: 'Playground',
};

const CANNOT: Record<CapabilityOperation, string> = {
  eventSearch: 'has no event search',
  corsWrite: 'cannot change the frontend API CORS origins',
  archive: 'cannot archive flags in batches',
  revive: 'cannot revive archived flags in batches',
  playground: 'has no playground',
};

function supported(caps: ServerCapabilities, operation: CapabilityOperation): { ok: boolean; how: string; limitation?: string } {
  switch (operation) {
    case 'eventSearch':
      if (caps.eventSearch === 'search-events') return { ok: true, how: 'the server searches (GET /search/events)' };
      if (caps.eventSearch === 'events-search')
        return {
          ok: true,
          how: 'POST /events/search, filtered and counted by Flagdesk',
          limitation: `This server has only the older event search: Flagdesk filters and counts the matches itself, among the newest ${EVENT_SCAN_LIMIT.toLocaleString('en')} events the server narrows to.`,
        };
      return {
        ok: true,
        how: 'the event list, filtered by Flagdesk',
        limitation: 'This server has no event search: Flagdesk filters the newest 100 events only.',
      };
    case 'corsWrite':
      if (caps.corsWrite === 'none') return { ok: false, how: '' };
      return { ok: true, how: caps.corsWrite === 'ui-config-cors' ? 'POST /ui-config/cors' : 'POST /ui-config' };
    case 'archive':
      return { ok: caps.archive, how: 'in batches' };
    case 'revive':
      return { ok: caps.revive, how: 'in batches' };
    case 'playground':
      return caps.advancedPlayground
        ? { ok: true, how: 'across environments and projects' }
        : { ok: caps.playground, how: 'one environment at a time' };
  }
}

/** What a server does for one operation, in a sentence. */
export function capabilityLine(caps: ServerCapabilities, operation: CapabilityOperation): CapabilityLine {
  const { ok, how, limitation } = supported(caps, operation);
  const text = ok ? `${NAMES[operation]}: yes, ${how}.` : `${NAMES[operation]}: no, this server ${CANNOT[operation]}.`;
  return { operation, supported: ok, text, ...(limitation ? { limitation } : {}) };
}

export function capabilityLines(caps: ServerCapabilities): CapabilityLine[] {
  return (['eventSearch', 'corsWrite', 'archive', 'revive', 'playground'] as const).map((op) => capabilityLine(caps, op));
}

/**
 * For a screen whose job the server may not do: the sentence to show instead of the screen's controls, or undefined
 * when the server can do it, or when capabilities are unknown (the demo backend does everything).
 */
export function cannotDo(caps: ServerCapabilities | undefined, operation: CapabilityOperation): string | undefined {
  if (!caps || supported(caps, operation).ok) return undefined;
  return `This server (Unleash ${caps.version}) ${CANNOT[operation]}.`;
}

/** The note a screen shows when the app does part of the server's work for this operation, else undefined. */
export function limitationOf(caps: ServerCapabilities | undefined, operation: CapabilityOperation): string | undefined {
  return caps ? supported(caps, operation).limitation : undefined;
}
