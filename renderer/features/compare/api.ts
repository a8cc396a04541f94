import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { ApplyInput, BundleSummary, CompareSide, ExportBundleInput, PlanInput, PromoteProgress, RevertInput } from '../../../shared/schemas';
import { call } from '../../lib/bridge-client';
import { instanceKey } from '../../lib/instance-query';

/**
 * Compare spans two profiles, so its keys are not under one instance: ['compare', 'run', left, right]. A promotion
 * writes the right profile's server, so it also makes that instance's cached reads stale.
 */
const sideKey = (side: CompareSide) => (side.type === 'profile' ? `profile:${side.profileId}` : `bundle:${side.bundleId}`);

export const compareKeys = {
  all: ['compare'] as const,
  /** The bundles opened this session (main keeps their content; the page keeps what it showed of them). */
  bundles: ['compare-bundles'] as const,
  run: (left: CompareSide, right: CompareSide) => [...compareKeys.all, 'run', sideKey(left), sideKey(right)] as const,
};

export const compareQueries = {
  /** Reads both sides afresh each time the screen asks (a compare of what was true a minute ago helps nobody). */
  run: (left: CompareSide, right: CompareSide, enabled: boolean) =>
    queryOptions({
      queryKey: compareKeys.run(left, right),
      queryFn: () => call('compare.run', { left, right }),
      staleTime: 0,
      enabled,
    }),
};

/** Main's open dialog reads a bundle (refused with the reason when newer or damaged); null when cancelled. */
export function useOpenBundle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('compare.openBundle', {}),
    meta: { readOnly: true },
    onSuccess: (summary) => {
      if (summary) client.setQueryData<BundleSummary[]>(compareKeys.bundles, (seen = []) => [...seen.filter((b) => b.bundleId !== summary.bundleId), summary]);
    },
  });
}

/** The bundles opened this session, as the side pickers list them. */
export function useOpenedBundles(): BundleSummary[] {
  return useQuery({ queryKey: compareKeys.bundles, queryFn: () => [] as BundleSummary[], staleTime: Infinity, gcTime: Infinity }).data ?? [];
}

/** Writes a profile's selection as a bundle file through main's save dialog (no token, no ids). */
export function useExportBundle() {
  return useMutation({ mutationFn: (input: ExportBundleInput) => call('compare.exportBundle', input), meta: { readOnly: true } });
}

/** Plans a promotion: reads both sides again and keeps the plan in main; it writes nothing. */
export function usePlanPromotion() {
  return useMutation({ mutationFn: (input: PlanInput) => call('compare.plan', input), meta: { readOnly: true } });
}

function writtenKeys(rightProfileId: string | undefined) {
  return { invalidates: rightProfileId ? [compareKeys.all, instanceKey(rightProfileId)] : [compareKeys.all] };
}

/** Applies a plan on the right side, under the right profile's protection level (main checks it again). */
export function useApplyPromotion(rightProfileId: string | undefined) {
  return useMutation({ mutationFn: (input: ApplyInput) => call('compare.apply', input), meta: writtenKeys(rightProfileId) });
}

/** Puts back what a promotion replaced and deletes what it created, under the same protection. */
export function useRevertPromotion(rightProfileId: string | undefined) {
  return useMutation({ mutationFn: (input: RevertInput) => call('compare.revert', input), meta: writtenKeys(rightProfileId) });
}

/** The steps main pushes while a promotion or its revert runs, in order; `clear()` before the next run. */
export function useCompareProgress(): { steps: readonly PromoteProgress[]; clear: () => void } {
  const [steps, setSteps] = useState<readonly PromoteProgress[]>([]);
  useEffect(() => {
    const bridge = typeof window === 'undefined' ? undefined : window.flagdesk;
    if (!bridge) return undefined;
    return bridge.on('compare.progress', (step) => setSteps((seen) => [...seen, step]));
  }, []);
  const clear = useCallback(() => setSteps([]), []);
  return { steps, clear };
}
