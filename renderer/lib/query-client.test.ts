import { useMutation } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

function seed() {
  const client = createQueryClient();
  for (const key of [
    ['instance', 'demo', 'segments', 'list'],
    ['instance', 'demo', 'events', 'search', { q: 'x' }],
    ['instance', 'demo', 'projects'],
  ]) {
    client.setQueryData(key, 'cached');
  }
  const stale = () =>
    client
      .getQueryCache()
      .findAll()
      .filter((q) => q.isStale())
      .map((q) => q.queryKey.slice(2, 3)[0]);
  return { client, stale };
}

async function mutate(client: ReturnType<typeof createQueryClient>, meta: Parameters<typeof useMutation>[0]['meta']) {
  await client.getMutationCache().build(client, { mutationFn: async () => 'done', meta }).execute(undefined);
}

describe('one MutationCache carries out what mutations declare', () => {
  it('invalidates the declared keys and the event log after a write', async () => {
    const { client, stale } = seed();
    client.setDefaultOptions({ queries: { staleTime: Infinity } });
    expect(stale()).toEqual([]);
    await mutate(client, { invalidates: [['instance', 'demo', 'segments']] });
    expect(stale().sort()).toEqual(['events', 'segments']);
  });

  it('leaves the event log alone after a call that writes nothing', async () => {
    const { client, stale } = seed();
    client.setDefaultOptions({ queries: { staleTime: Infinity } });
    await mutate(client, { readOnly: true });
    expect(stale()).toEqual([]);
  });
});
