import { useState, type ReactNode } from 'react';
import { Dialog, DialogActions } from './dialog';

interface Props {
  title: string;
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  children: ReactNode;
  /**
   * When set, the confirm button stays disabled until this text is typed: for changes to a real server that can
   * break clients (the demo only asks for a click).
   */
  typeToConfirm?: string;
  danger?: boolean;
}

/** Asks before a change that can break something, saying what; the stricter form for real servers. */
export function ChangeConfirmDialog({ title, isOpen, onCancel, onConfirm, confirmLabel, children, typeToConfirm, danger = true }: Props) {
  const [typed, setTyped] = useState('');
  const ready = typeToConfirm === undefined || typed === typeToConfirm;
  const close = () => {
    setTyped('');
    onCancel();
  };
  return (
    <Dialog title={title} isOpen={isOpen} onClose={close} role="alertdialog" dismissable={false} wide>
      {children}
      {typeToConfirm !== undefined && (
        <label className="field">
          <span>
            Type <code>{typeToConfirm}</code> to confirm
          </span>
          <input value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} />
        </label>
      )}
      <DialogActions>
        <button type="button" className="button" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className={`button ${danger ? 'button-danger' : 'button-primary'}`}
          disabled={!ready}
          onClick={() => {
            setTyped('');
            onConfirm();
          }}
        >
          {confirmLabel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
