import type { BackendArea } from './scenario';
import { segmentsBackend } from './segments';
import { strategySegmentsBackend } from './strategy-segments';
import { eventsBackend } from './events';
import { strategyTypesBackend } from './strategy-types';
import { strategyTypeLifecycleBackend } from './strategy-type-lifecycle';
import { archiveValidationBackend } from './archive-validation';
import { archiveLifecycleBackend } from './archive-lifecycle';
import { archivedFlagsBackend } from './archived-flags';
import { uiConfigBackend } from './ui-config';
import { readsBackend } from './reads';
import { playgroundBackend } from './playground';
import { auditTrailBackend } from './audit-trail';
import { contextFieldsBackend } from './context-fields';

export const BACKEND_AREAS: BackendArea<unknown>[] = [
  segmentsBackend,
  strategySegmentsBackend,
  eventsBackend,
  strategyTypesBackend,
  strategyTypeLifecycleBackend,
  archiveValidationBackend,
  archiveLifecycleBackend,
  archivedFlagsBackend,
  uiConfigBackend,
  readsBackend,
  playgroundBackend,
  contextFieldsBackend,
  // last: it changes the CORS origins the other areas read
  auditTrailBackend,
];
