import { useId, useState, type ReactNode } from 'react';
import type { ProtectionLevel } from '../../shared/domain/protection';
import { Dialog, DialogActions } from './dialog';

export interface ConfirmRequest {
  /** The question, e.g. 'Delete segment “beta-users”?' */
  title: string;
  /** What will happen, in plain words (and what it affects). */
  body?: ReactNode;
  /** The name to type on a "type the name to confirm" profile. */
  name: string;
  /** The destructive button's label: says what it does ("Delete segment"), never "OK". */
  confirmLabel: string;
  /** A wider dialog, for a body that shows a diff or a list. */
  wide?: boolean;
}

interface Props extends ConfirmRequest {
  level: ProtectionLevel;
  /** The profile's name, shown so the user knows which server they are changing. */
  profileName: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks for what the profile's protection level requires: a confirmation, or the typed name of the thing changed.
 * On a read-only profile it only explains that nothing can be changed.
 */
export function ConfirmDialog({ level, profileName, title, body, name, confirmLabel, wide = false, onConfirm, onCancel }: Props) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const readOnly = level === 'read-only';
  const needsName = level === 'type-name';
  const ready = !readOnly && (!needsName || typed === name);
  return (
    <Dialog title={readOnly ? 'This connection is read-only' : title} isOpen onClose={onCancel} role="alertdialog" dismissable={false} wide={wide}>
      {readOnly ? (
        <p>
          “{profileName}” is read-only: Flagdesk changes nothing on its server. Change its protection level in Connections
          to make changes.
        </p>
      ) : (
        <>
          <p className="muted">
            On <strong>{profileName}</strong>
          </p>
          {body}
          {needsName && (
            <div className="field">
              <label htmlFor={inputId} className="field-label">
                Type <code>{name}</code> to confirm
              </label>
              <input
                id={inputId}
                className="input"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                autoFocus
              />
            </div>
          )}
        </>
      )}
      <DialogActions>
        <button type="button" className="button button-quiet" onClick={onCancel}>
          {readOnly ? 'Close' : 'Cancel'}
        </button>
        {!readOnly && (
          <button type="button" className="button button-danger" disabled={!ready} onClick={onConfirm}>
            {confirmLabel}
          </button>
        )}
      </DialogActions>
    </Dialog>
  );
}
