import { queryOptions, useMutation } from '@tanstack/react-query';
import type { FlagRef, ReviveFlagsInput } from '../../../shared/schemas';
import { call } from '../../lib/bridge-client';
import { useActiveProfileId } from '../../lib/active-profile';
import { instanceKey } from '../../lib/instance-query';
import { instanceKeys } from '../instance';

export const archiveKeys = {
  all: (profileId: string) => [...instanceKey(profileId), 'archive'] as const,
  validate: (profileId: string, projectId: string, features: readonly string[]) =>
    [...archiveKeys.all(profileId), 'validate', projectId, [...features].sort()] as const,
};

export const archiveQueries = {
  /** The server's own verdict on a selection (no event is written). */
  validate: (profileId: string, projectId: string, features: readonly string[]) =>
    queryOptions({
      queryKey: archiveKeys.validate(profileId, projectId, features),
      queryFn: () => call('archive.validate', { projectId, features: [...features] }),
      enabled: projectId !== '' && features.length > 0,
    }),
};

/** Archive, revive and restore change the project's flags and their links. */
function writeMeta(profileId: string) {
  return { invalidates: [instanceKeys.allFeatures(profileId), archiveKeys.all(profileId)] };
}

export function useArchiveRun() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: (input: { projectId: string; features: string[] }) => call('archive.run', input),
    meta: writeMeta(profileId),
  });
}

/** Builds the dry-run report in main and saves it where the user picks; changes nothing on the server. */
export function useExportReport() {
  return useMutation({
    mutationFn: (input: { projectId: string; features: string[] }) => call('archive.exportReport', input),
    meta: { readOnly: true },
  });
}

export function useRevive() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: (input: { projectId: string; features: string[] }) => call('archive.reviveWithRecord', input),
    meta: writeMeta(profileId),
  });
}

export function useRestoreDependencies() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: (input: { projectId: string; children: string[] }) => call('archive.restoreDependencies', input),
    meta: writeMeta(profileId),
  });
}

/** The Archive screen's list (archived flags of every project, who archived them, their recorded dependencies). */
export const archivedKeys = {
  list: (profileId: string) => [...archiveKeys.all(profileId), 'archived'] as const,
};

export const archivedQueries = {
  list: (profileId: string) => queryOptions({ queryKey: archivedKeys.list(profileId), queryFn: () => call('archive.archivedFlags', {}) }),
};

/** Revives flags of any projects and adds back the chosen recorded dependencies, in one step. */
export function useReviveFlags() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: (input: ReviveFlagsInput) => call('archive.reviveFlags', input),
    meta: writeMeta(profileId),
  });
}

/** Deletes archived flags for good. */
export function useDeleteFlags() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: (input: { flags: FlagRef[] }) => call('archive.deleteFlags', input),
    meta: writeMeta(profileId),
  });
}
