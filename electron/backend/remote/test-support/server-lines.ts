/**
 * Which of the routes the capability probes ask about each line lacks (a 404), as real servers freshly installed
 * from npm answered them (scripts/unleash-live.sh start, then curl on each; 2026-11-23).
 */
export const ABSENT_ROUTES: Record<string, string[]> = {
  '5.12.8': ['GET /api/admin/search/events', 'POST /api/admin/ui-config/cors'],
  '6.10.1': [],
  '7.6.5': ['POST /api/admin/events/search', 'POST /api/admin/ui-config'],
  '8.2.0': ['POST /api/admin/events/search', 'POST /api/admin/ui-config'],
};

/** Whether a server of this line has the route of `method url` (query string ignored). */
export function hasRoute(version: string, method: string, url: string): boolean {
  const absent = ABSENT_ROUTES[version];
  if (!absent) throw new Error(`no route table for Unleash ${version}`);
  return !absent.includes(`${method} ${url.split('?')[0]}`);
}
