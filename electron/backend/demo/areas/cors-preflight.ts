import { readPreflight, unleashPreflightHeaders } from '../../../../shared/domain/cors-preflight';
import type { ParsedInput } from '../../../../shared/contract';
import type { PreflightResult } from '../../../../shared/schemas';
import type { DemoContext } from '../model/context';
import { frontendApiOrigins } from './settings';
import type { AreaOperations } from '../model/area-operations';

/**
 * The front-end API's preflight as Unleash answers it from the stored origins. Unlike a real server, the demo
 * applies a saved list at once (Unleash re-reads it within 2 minutes; the screen says so).
 */
export function corsPreflight(ctx: DemoContext, ask: ParsedInput<'uiConfig.preflight'>): PreflightResult {
  return readPreflight('demo:/api/frontend', 204, unleashPreflightHeaders(frontendApiOrigins(ctx), ask), ask, 'demo');
}

/** This area's AdminBackend operations; demo/operations.ts spreads them (a new one is listed here only). */
export const operations = {
  corsPreflight,
} satisfies AreaOperations;
