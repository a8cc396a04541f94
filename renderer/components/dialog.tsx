import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import styles from './dialog.module.css';

interface Props {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for a question that interrupts (confirmations). */
  role?: 'dialog' | 'alertdialog';
  /** Dismiss by clicking outside; off for dialogs holding typed input. */
  dismissable?: boolean;
  wide?: boolean;
}

/** A modal dialog: focus trapped inside, Escape closes, focus returns to the opener (React Aria). */
export function Dialog({ title, isOpen, onClose, children, role = 'dialog', dismissable = true, wide = false }: Props) {
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
      isDismissable={dismissable}
    >
      <Modal className={`${styles.modal} ${wide ? styles.wide : ''}`}>
        <AriaDialog className={styles.dialog} role={role}>
          <Heading slot="title" className={styles.title}>
            {title}
          </Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The row of buttons at the bottom of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
