import { useEffect, useState } from 'react';
import { useConnectionStatus } from '../api/connections';
import { Notice } from '../components/notice';

/**
 * The one-off sentence main attaches to the connection status (e.g. a corrupt snapshot moved aside). Main may
 * send it only once, so keep it until the user dismisses it, and never bring a dismissed one back.
 */
export function StatusNotice() {
  const notice = useConnectionStatus().data?.notice;
  const [shown, setShown] = useState<string | undefined>();
  const [dismissed, setDismissed] = useState<readonly string[]>([]);

  useEffect(() => {
    if (notice && !dismissed.includes(notice)) setShown(notice);
  }, [notice, dismissed]);

  if (!shown) return null;
  return (
    <Notice
      tone="info"
      title="Notice"
      onDismiss={() => {
        setDismissed((list) => [...list, shown]);
        setShown(undefined);
      }}
    >
      {shown}
    </Notice>
  );
}
