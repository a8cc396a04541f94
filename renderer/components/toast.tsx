import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import styles from './toast.module.css';

export interface ToastMessage {
  title: string;
  description?: string;
  tone?: 'ok' | 'error' | 'info';
  /** One action offered with the message, e.g. Undo after a delete; pressing it closes the toast. */
  action?: { label: string; onAction: () => void };
}

/** How long a toast stays: an action must be reachable for a while, even by keyboard (F6 reaches the toasts). */
export const TOAST_TIMEOUT = 5000;
export const ACTION_TOAST_TIMEOUT = 15_000;

/** One queue for the app: any screen announces "Segment saved" with `notify(...)`; the shell shows them. */
export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 });

export function notify(message: ToastMessage): void {
  // Errors stay until dismissed: the user must be able to read them. Timers pause while the pointer or the focus
  // is on a toast, and nothing closes one when the focus leaves it.
  toastQueue.add(message, message.tone === 'error' ? {} : { timeout: message.action ? ACTION_TOAST_TIMEOUT : TOAST_TIMEOUT });
}

export function ToastRegion() {
  return (
    <AriaToastRegion queue={toastQueue} className={styles.region}>
      {({ toast }) => (
        <Toast toast={toast} className={`${styles.toast} ${styles[toast.content.tone ?? 'info']}`}>
          <ToastContent className={styles.content}>
            <Text slot="title" className={styles.title}>
              {toast.content.title}
            </Text>
            {toast.content.description && <Text slot="description">{toast.content.description}</Text>}
          </ToastContent>
          {toast.content.action && (
            <Button
              className={styles.action}
              onPress={() => {
                toastQueue.close(toast.key);
                toast.content.action?.onAction();
              }}
            >
              {toast.content.action.label}
            </Button>
          )}
          <Button slot="close" className={styles.close} aria-label="Dismiss">
            ×
          </Button>
        </Toast>
      )}
    </AriaToastRegion>
  );
}
