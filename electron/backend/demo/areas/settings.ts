import { firstInvalidOrigin } from '../../../../shared/domain/origin';
import type { ParsedInput } from '../../../../shared/contract';
import type { UiConfig } from '../../../../shared/schemas';
import { badData } from '../../errors';
import { recordEvent, type DemoContext } from '../model/context';
import type { AreaOperations } from '../model/area-operations';

/** UI config and the front-end API origins setting (docs/server-behaviour.md#ui-config). */

export const DEMO_VERSION = '6.10.1';
const DEFAULT_ORIGINS = ['*'];

export function frontendApiOrigins(ctx: DemoContext): string[] {
  return [...(ctx.state.settings.frontendApiOrigins ?? DEFAULT_ORIGINS)];
}

/**
 * An Unleash-6.10.1-like ui-config: the 6.x top-level limits and resourceLimits both, with 6.10.1's limits. Keys the
 * real server leaves out (feedbackUriPath without a feedback endpoint) are left out, not sent as null.
 */
export function getUiConfig(ctx: DemoContext): UiConfig {
  return {
    slogan: 'Getting started with feature flags',
    name: 'Flagdesk demo',
    version: DEMO_VERSION,
    environment: 'Open Source',
    unleashUrl: 'http://localhost:4242',
    baseUriPath: '',
    disablePasswordAuth: false,
    emailEnabled: false,
    maintenanceMode: false,
    authenticationType: 'open-source',
    versionInfo: { current: { oss: DEMO_VERSION }, latest: {}, isLatest: true },
    frontendApiOrigins: frontendApiOrigins(ctx),
    segmentValuesLimit: 1000,
    strategySegmentsLimit: 5,
    resourceLimits: {
      segments: 300,
      segmentValues: 1000,
      strategySegments: 5,
      constraintValues: 250,
      constraints: 30,
      environments: 50,
      projects: 500,
      featureFlags: 5000,
      apiTokens: 2000,
      actionSetActions: 10,
      actionSetFilters: 5,
      actionSetFilterValues: 25,
      actionSetsPerProject: 5,
      signalEndpoints: 5,
      signalTokensPerEndpoint: 5,
      featureEnvironmentStrategies: 30,
    },
    flags: {},
    links: [],
  };
}

/**
 * Replaces the list (docs/server-behaviour.md#ui-config). The first write emits setting-created, later ones setting-updated with preData
 * lacking `id`, so an unchanged list still records an event, as on the real server.
 */
export function setFrontendApiOrigins(ctx: DemoContext, { origins }: ParsedInput<'uiConfig.setOrigins'>): void {
  const invalid = firstInvalidOrigin(origins);
  if (invalid !== undefined) throw badData(`Invalid origin: ${invalid}`);
  const previous = ctx.state.settings.frontendApiOrigins;
  ctx.state.settings.frontendApiOrigins = [...origins];
  const data = { id: 'unleash.frontend', frontendApiOrigins: [...origins] };
  if (previous === null) recordEvent(ctx, { type: 'setting-created', data });
  else recordEvent(ctx, { type: 'setting-updated', data, preData: { frontendApiOrigins: [...previous] } });
  ctx.changed();
}

/** This area's AdminBackend operations; demo/operations.ts spreads them (a new one is listed here only). */
export const operations = {
  getUiConfig,
  setFrontendApiOrigins,
} satisfies AreaOperations;
