import type { Blocker } from 'react-router';
import { Dialog, DialogActions } from './dialog';

/**
 * Asked when the user navigates away from an editor with unsaved changes (react-router's blocker): stay, or discard
 * and go. `onDiscard` forgets what the editor keeps of the edit (its session draft) before leaving.
 */
export function LeaveUnsavedDialog({ blocker, noun, onDiscard }: { blocker: Blocker; noun: string; onDiscard?(): void }) {
  if (blocker.state !== 'blocked') return null;
  return (
    <Dialog title="Leave without saving?" isOpen onClose={() => blocker.reset()} role="alertdialog">
      <p>Your changes to this {noun} are not saved and will be lost.</p>
      <DialogActions>
        <button type="button" className="button" onClick={() => blocker.reset()} autoFocus>
          Stay and keep editing
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={() => {
            onDiscard?.();
            blocker.proceed();
          }}
        >
          Discard changes
        </button>
      </DialogActions>
    </Dialog>
  );
}
