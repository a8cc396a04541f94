import type { HandlerSlice } from '../../../shared/contract';
import type { PreflightRequest, PreflightResult, UiConfig } from '../../../shared/schemas';
import { toNull, type OnActiveBackend } from './on-active-backend';

/** What a backend does with the UI configuration and the front-end API's CORS. */
export interface CorsOperations {
  getUiConfig(): Promise<UiConfig>;
  /** Replaces the origins the front-end API accepts. */
  setFrontendApiOrigins(input: { origins: string[] }): Promise<void>;
  /** OPTIONS /api/frontend with the chosen Origin (no token), read as a browser would; every field given. */
  corsPreflight(input: Required<PreflightRequest>): Promise<PreflightResult>;
}

/** The UI-config channels: each one call on the active backend. */
export function corsHandlers(onActiveBackend: OnActiveBackend<CorsOperations>) {
  return {
    'uiConfig.get': () => onActiveBackend((backend) => backend.getUiConfig()),
    'uiConfig.setOrigins': (input) => onActiveBackend((backend) => backend.setFrontendApiOrigins(input)).then(toNull),
    'uiConfig.preflight': (input) => onActiveBackend((backend) => backend.corsPreflight(input)),
  } satisfies HandlerSlice;
}
