import { useState } from 'react';
import { useConnectionStatus } from '../features/connections';
import { Notice } from '../components/notice';

/**
 * The one-off sentence main attaches to the connection status (e.g. a corrupt snapshot moved aside). Main may
 * send it only once, so keep it until the user dismisses it, and never bring a dismissed one back.
 */
export function StatusNotice() {
  const notice = useConnectionStatus().data?.notice;
  const [shown, setShown] = useState<string | undefined>();
  const [dismissed, setDismissed] = useState<readonly string[]>([]);

  // Adopt a new notice while rendering (React's "adjusting state when a prop changes"), not in an effect.
  if (notice && notice !== shown && !dismissed.includes(notice)) setShown(notice);

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
