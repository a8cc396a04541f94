import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useActiveProfileId } from './active-profile';

/**
 * Every key read from an instance starts with ['instance', profileId]: data of two connections never mixes, and
 * switching connection shows the new instance's data instead of a stale copy.
 */
export const instanceKey = (profileId: string) => ['instance', profileId] as const;

/** A feature's instance-scoped query: given the active profile id, the options of one query. */
export type InstanceQuery<TQueryFnData, TData, TQueryKey extends QueryKey> = (
  profileId: string,
) => UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>;

/**
 * Runs a feature's instance-scoped queryOptions against the active profile, and waits (enabled: false) until the
 * active profile is known. Pass `enabled` in the options for any further condition.
 */
export function useInstanceQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: InstanceQuery<TQueryFnData, TData, TQueryKey>,
): UseQueryResult<TData, Error> {
  const profileId = useActiveProfileId();
  const resolved = options(profileId ?? '');
  return useQuery({ ...resolved, enabled: profileId === undefined ? false : (resolved.enabled ?? true) });
}
