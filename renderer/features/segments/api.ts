import { MutationObserver, queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import type { Segment, StrategySegmentsChange, UpsertSegment } from '../../../shared/schemas';
import { call } from '../../lib/bridge-client';
import { instanceKey } from '../../lib/instance-query';
import { useActiveProfileId } from '../../lib/active-profile';
import { instanceKeys } from '../instance';

/** Segments' query keys, all under ['instance', profileId, 'segments']. */
export const segmentKeys = {
  all: (profileId: string) => [...instanceKey(profileId), 'segments'] as const,
  list: (profileId: string) => [...segmentKeys.all(profileId), 'list'] as const,
  detail: (profileId: string, id: number) => [...segmentKeys.all(profileId), 'detail', id] as const,
  usage: (profileId: string, id: number) => [...segmentKeys.all(profileId), 'usage', id] as const,
  forStrategy: (profileId: string, strategyId: string) => [...segmentKeys.all(profileId), 'strategy', strategyId] as const,
};

export const segmentQueries = {
  list: (profileId: string) =>
    queryOptions({ queryKey: segmentKeys.list(profileId), queryFn: () => call('segments.list', {}) }),
  detail: (profileId: string, id: number) =>
    queryOptions({ queryKey: segmentKeys.detail(profileId, id), queryFn: () => call('segments.get', { id }), enabled: id > 0 }),
  usage: (profileId: string, id: number) =>
    queryOptions({ queryKey: segmentKeys.usage(profileId, id), queryFn: () => call('segments.strategies', { id }), enabled: id > 0 }),
  forStrategy: (profileId: string, strategyId: string) =>
    queryOptions({
      queryKey: segmentKeys.forStrategy(profileId, strategyId),
      queryFn: () => call('segments.forStrategy', { strategyId }),
      enabled: strategyId !== '',
    }),
};

/** Any segment write can change the list, details, usage and the strategies that use it. */
function segmentWriteMeta(profileId: string) {
  return { invalidates: [segmentKeys.all(profileId), instanceKeys.allFeatures(profileId)] };
}

export function useCreateSegment() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({ mutationFn: (segment: UpsertSegment) => call('segments.create', segment), meta: segmentWriteMeta(profileId) });
}

/**
 * Creates a segment again as it was deleted (Undo in the delete's toast). It runs after the editor that deleted it
 * has gone, so it is not tied to a component: an observer on the app's client, with the same `meta` as a create.
 */
export function recreateSegment(client: QueryClient, profileId: string, segment: UpsertSegment): Promise<Segment> {
  const observer = new MutationObserver(client, {
    mutationFn: (body: UpsertSegment) => call('segments.create', body),
    meta: segmentWriteMeta(profileId),
  });
  return observer.mutate(segment);
}

export function useUpdateSegment() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: ({ id, segment }: { id: number; segment: UpsertSegment }) => call('segments.update', { id, segment }),
    meta: segmentWriteMeta(profileId),
  });
}

export function useDeleteSegment() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: (id: number) => call('segments.delete', { id }),
    // Not the deleted segment's own detail: refetching it while its editor is still open would only answer 404
    // and replace the editor with an error before it navigates away.
    meta: {
      invalidates: [segmentKeys.list(profileId), [...segmentKeys.all(profileId), 'strategy'], instanceKeys.allFeatures(profileId)],
    },
  });
}

export function useSetStrategySegments() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: (input: StrategySegmentsChange) => call('segments.setForStrategy', input),
    meta: segmentWriteMeta(profileId),
  });
}
