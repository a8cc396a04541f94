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
}

/** One queue for the app: any screen announces "Segment saved" with `notify(...)`; the shell shows them. */
export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 });

export function notify(message: ToastMessage): void {
  // Errors stay until dismissed: the user must be able to read them.
  toastQueue.add(message, message.tone === 'error' ? {} : { timeout: 5000 });
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
          <Button slot="close" className={styles.close} aria-label="Dismiss">
            ×
          </Button>
        </Toast>
      )}
    </AriaToastRegion>
  );
}
