import type { WireArea } from './scenario';
import { authArea } from './auth';
import { segmentsArea } from './segments';
import { strategySegmentsArea } from './strategy-segments';
import { eventsListArea } from './events-list';
import { eventsSearchArea } from './events-search';
import { strategyTypesArea } from './strategy-types';
import { strategyTypeLifecycleArea } from './strategy-type-lifecycle';
import { archiveValidationArea } from './archive-validation';
import { uiConfigArea } from './ui-config';
import { projectFeaturesArea } from './project-features';
import { playgroundArea } from './playground';
import { strategyVariantsArea } from './strategy-variants';
import { contextFieldsArea } from './context-fields';

export const WIRE_AREAS: WireArea<unknown>[] = [
  authArea,
  segmentsArea,
  strategySegmentsArea,
  eventsListArea,
  eventsSearchArea,
  strategyTypesArea,
  strategyTypeLifecycleArea,
  archiveValidationArea,
  uiConfigArea,
  projectFeaturesArea,
  playgroundArea,
  strategyVariantsArea,
  contextFieldsArea,
];
