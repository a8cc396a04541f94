import { MutationObserver, queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import type { ContextField, CreateContextField, UpdateContextField } from '../../../shared/schemas';
import { call } from '../../lib/bridge-client';
import { useActiveProfileId } from '../../lib/active-profile';
import { instanceKeys, instanceQueries } from '../instance';

/** Context fields' keys: the list is the instance's shared read; usage sits under it, so a write refreshes both. */
export const contextFieldKeys = {
  all: (profileId: string) => instanceKeys.contextFields(profileId),
  usage: (profileId: string) => [...instanceKeys.contextFields(profileId), 'usage'] as const,
};

export const contextFieldQueries = {
  list: instanceQueries.contextFields,
  /** Walks every active flag's strategies and every segment: fetched by the screens that show it, not kept long. */
  usage: (profileId: string) => queryOptions({ queryKey: contextFieldKeys.usage(profileId), queryFn: () => call('contextFields.usage', {}), staleTime: 0 }),
};

function writeMeta(profileId: string) {
  return { invalidates: [contextFieldKeys.all(profileId)] };
}

export function useCreateContextField() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({ mutationFn: (field: CreateContextField) => call('contextFields.create', field), meta: writeMeta(profileId) });
}

export function useUpdateContextField() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: ({ name, update }: { name: string; update: UpdateContextField }) => call('contextFields.update', { name, update }),
    meta: writeMeta(profileId),
  });
}

export function useDeleteContextField() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({ mutationFn: (name: string) => call('contextFields.delete', { name }), meta: writeMeta(profileId) });
}

/** Creates a deleted field again as it was (Undo in the delete's toast), after the editor that deleted it is gone. */
export function recreateContextField(client: QueryClient, profileId: string, field: ContextField): Promise<ContextField> {
  const observer = new MutationObserver(client, {
    mutationFn: (body: CreateContextField) => call('contextFields.create', body),
    meta: writeMeta(profileId),
  });
  return observer.mutate({
    name: field.name,
    ...(field.description ? { description: field.description } : {}),
    stickiness: field.stickiness ?? false,
    ...(typeof field.sortOrder === 'number' ? { sortOrder: Math.trunc(field.sortOrder) } : {}),
    legalValues: (field.legalValues ?? []).map((legal) => ({ value: legal.value, ...(legal.description ? { description: legal.description } : {}) })),
  });
}
