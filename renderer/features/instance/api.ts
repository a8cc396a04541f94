import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/bridge-client';
import { instanceKey } from '../../lib/instance-query';

/**
 * Reads of the active instance that several screens share: its ui-config (version, flags, limits), projects,
 * environments, context fields and flags. Other features use these through features/instance (index.ts).
 */
export const instanceKeys = {
  all: instanceKey,
  uiConfig: (profileId: string) => [...instanceKey(profileId), 'uiConfig'] as const,
  projects: (profileId: string) => [...instanceKey(profileId), 'projects'] as const,
  environments: (profileId: string) => [...instanceKey(profileId), 'environments'] as const,
  contextFields: (profileId: string) => [...instanceKey(profileId), 'contextFields'] as const,
  features: (profileId: string, projectId: string) => [...instanceKey(profileId), 'features', projectId] as const,
  feature: (profileId: string, projectId: string, featureName: string) =>
    [...instanceKey(profileId), 'features', projectId, featureName] as const,
  /** Every flag of every project: strategies change when segments are assigned. */
  allFeatures: (profileId: string) => [...instanceKey(profileId), 'features'] as const,
};

export const instanceQueries = {
  uiConfig: (profileId: string) =>
    queryOptions({ queryKey: instanceKeys.uiConfig(profileId), queryFn: () => call('uiConfig.get', {}) }),
  projects: (profileId: string) =>
    queryOptions({ queryKey: instanceKeys.projects(profileId), queryFn: () => call('instance.projects', {}) }),
  environments: (profileId: string) =>
    queryOptions({ queryKey: instanceKeys.environments(profileId), queryFn: () => call('instance.environments', {}) }),
  contextFields: (profileId: string) =>
    queryOptions({ queryKey: instanceKeys.contextFields(profileId), queryFn: () => call('instance.contextFields', {}) }),
  features: (profileId: string, projectId: string) =>
    queryOptions({
      queryKey: instanceKeys.features(profileId, projectId),
      queryFn: () => call('instance.features', { projectId }),
      enabled: projectId !== '',
    }),
  feature: (profileId: string, projectId: string, featureName: string) =>
    queryOptions({
      queryKey: instanceKeys.feature(profileId, projectId, featureName),
      queryFn: () => call('instance.feature', { projectId, featureName }),
      enabled: projectId !== '' && featureName !== '',
    }),
};

/**
 * Strategy types and where each is used: their own screen lists and edits them, and the event log's restore checks a
 * type's change against its usage before it writes, so the reads live here, below both (docs/renderer.md).
 */
export const strategyTypeKeys = {
  all: (profileId: string) => [...instanceKey(profileId), 'strategyTypes'] as const,
  list: (profileId: string) => [...strategyTypeKeys.all(profileId), 'list'] as const,
  /** Where each type is used: every strategy of every active flag (changes with flags too). */
  usage: (profileId: string) => [...instanceKey(profileId), 'features', 'strategy-usage'] as const,
};

export const strategyTypeQueries = {
  list: (profileId: string) =>
    queryOptions({ queryKey: strategyTypeKeys.list(profileId), queryFn: () => call('strategyTypes.list', {}) }),
  usage: (profileId: string) =>
    queryOptions({ queryKey: strategyTypeKeys.usage(profileId), queryFn: () => call('strategyTypes.usage', {}) }),
};
