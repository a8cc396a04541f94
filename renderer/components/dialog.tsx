import { useLayoutEffect, useRef, type ReactNode } from 'react';
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

/** Fields a dialog may open focused on (a typed confirmation, a form's first input); anything else yields to the heading. */
const FIELD = 'input:not([type="checkbox"]):not([type="radio"]), textarea, select';

/**
 * A modal dialog: focus trapped inside, Escape closes, focus returns to the opener (React Aria).
 *
 * It opens at its top: the heading sticks at the top, the actions (DialogActions) stick at the bottom, and long
 * content scrolls between them. Focus lands on the first field if one asked for it, else on the heading, never on
 * a button at the end (which would scroll the heading away and make Enter act before anything was read).
 */
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
          <DialogContent title={title}>{children}</DialogContent>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

function DialogContent({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A layout effect runs after React's autoFocus and before React Aria's own "focus the dialog" effect.
  useLayoutEffect(() => {
    const node = heading.current;
    const dialog = node?.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]');
    if (!node || !dialog) return;
    dialog.scrollTop = 0;
    const active = document.activeElement;
    const field = active instanceof HTMLElement && dialog.contains(active) && active.matches(FIELD) ? active : null;
    if (!field || !inView(field, dialog)) node.focus({ preventScroll: true });
  }, []);
  return (
    <>
      <Heading slot="title" className={styles.title} ref={heading} tabIndex={-1}>
        {title}
      </Heading>
      {children}
    </>
  );
}

function inView(element: HTMLElement, container: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  const frame = container.getBoundingClientRect();
  return box.top >= frame.top && box.bottom <= frame.bottom;
}

/** The row of buttons at the bottom of a dialog: it stays in view however long the content above it is. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
