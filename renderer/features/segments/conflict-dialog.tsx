import { Dialog, DialogActions } from '../../components/dialog';
import type { UpsertSegment } from '../../../shared/schemas';
import styles from './segment-editor.module.css';

interface Props {
  mine: UpsertSegment;
  theirs: UpsertSegment;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onCancel: () => void;
}

/** Someone changed the segment on the server since it was opened: show both versions and let the user choose. */
export function ConflictDialog({ mine, theirs, onKeepMine, onTakeTheirs, onCancel }: Props) {
  return (
    <Dialog title="This segment changed on the server" isOpen onClose={onCancel} wide dismissable={false}>
      <p>Someone saved a newer version after you opened it. Saving yours would replace theirs.</p>
      <div className={styles.versions}>
        <section aria-label="Your version">
          <h3>Your version</h3>
          <pre>{JSON.stringify(mine, null, 2)}</pre>
        </section>
        <section aria-label="Version on the server">
          <h3>On the server now</h3>
          <pre>{JSON.stringify(theirs, null, 2)}</pre>
        </section>
      </div>
      <DialogActions>
        <button type="button" className="button button-quiet" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button" onClick={onTakeTheirs}>
          Discard mine, load theirs
        </button>
        <button type="button" className="button button-danger" onClick={onKeepMine}>
          Save mine over theirs
        </button>
      </DialogActions>
    </Dialog>
  );
}
