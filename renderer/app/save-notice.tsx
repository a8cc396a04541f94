import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../lib/bridge-client';
import { Notice } from '../components/notice';

const saveStatusKey = ['demo', 'saveStatus'] as const;

/**
 * While the demo's changes cannot be written to disk, say so (main pushes 'demo.saveStatus' on every change);
 * not dismissable: it goes away by itself once a save succeeds.
 */
export function SaveNotice() {
  const client = useQueryClient();
  const status = useQuery({ queryKey: saveStatusKey, queryFn: () => call('demo.saveStatus', {}) });
  useEffect(() => {
    const bridge = typeof window === 'undefined' ? undefined : window.flagdesk;
    if (!bridge) return undefined;
    return bridge.on('demo.saveStatus', (next) => client.setQueryData(saveStatusKey, next));
  }, [client]);
  if (!status.data || status.data.ok) return null;
  return (
    <Notice tone="warning" title="Changes are not being saved">
      {status.data.message}
    </Notice>
  );
}
