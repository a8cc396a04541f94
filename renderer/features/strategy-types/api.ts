import { MutationObserver, useMutation, type QueryClient } from '@tanstack/react-query';
import type { CreateStrategyType, StrategyType, UpdateStrategy } from '../../../shared/schemas';
import { call } from '../../lib/bridge-client';
import { useActiveProfileId } from '../../lib/active-profile';
import { instanceKeys, strategyTypeKeys, strategyTypeQueries } from '../instance';

// The reads live in features/instance, which the event log's restore shares; this feature's writes invalidate them.
export { strategyTypeKeys, strategyTypeQueries };

/** A type's writes change the list, and a deleted or recreated type changes what flags' strategies read as. */
function typeWriteMeta(profileId: string) {
  return { invalidates: [strategyTypeKeys.all(profileId), instanceKeys.allFeatures(profileId)] };
}

export function useUpdateStrategyType() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: (input: { name: string; update: UpdateStrategy }) => call('strategyTypes.update', input),
    meta: { invalidates: [strategyTypeKeys.all(profileId)] },
  });
}

export function useCreateStrategyType() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({ mutationFn: (input: CreateStrategyType) => call('strategyTypes.create', input), meta: typeWriteMeta(profileId) });
}

/** Deprecate (true) or reactivate (false). */
export function useSetDeprecated() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: ({ name, deprecated }: { name: string; deprecated: boolean }) =>
      call(deprecated ? 'strategyTypes.deprecate' : 'strategyTypes.reactivate', { name }),
    meta: typeWriteMeta(profileId),
  });
}

export function useDeleteStrategyType() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({ mutationFn: (name: string) => call('strategyTypes.delete', { name }), meta: typeWriteMeta(profileId) });
}

/**
 * Undo of a delete: the type created again as it was (name, title, description, parameters), deprecated again if it
 * was. It runs after the editor that deleted it has gone, so it is an observer on the app's client, not a hook.
 */
export async function recreateStrategyType(client: QueryClient, profileId: string, deleted: StrategyType): Promise<void> {
  const observer = <I, O>(mutationFn: (input: I) => Promise<O>) => new MutationObserver(client, { mutationFn, meta: typeWriteMeta(profileId) });
  await observer((input: CreateStrategyType) => call('strategyTypes.create', input)).mutate({
    name: deleted.name,
    ...(deleted.title != null ? { title: deleted.title } : {}),
    ...(deleted.description != null ? { description: deleted.description } : {}),
    parameters: deleted.parameters.map((p) => ({
      name: p.name,
      type: p.type as CreateStrategyType['parameters'][number]['type'],
      ...(p.description != null ? { description: p.description } : {}),
      ...(p.required != null ? { required: p.required } : {}),
    })),
  });
  if (deleted.deprecated) await observer((name: string) => call('strategyTypes.deprecate', { name })).mutate(deleted.name);
}
