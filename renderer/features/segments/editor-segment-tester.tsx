import { SegmentTester } from './segment-tester';
import { draftOf, type ConstraintFormValue } from './segment-form-values';

/**
 * The segment tester inside the editor, fed with the form's current constraints (saved or not), in the
 * shape they would be saved in, so a context is judged as the server and the SDKs would judge the saved segment.
 * (A few constraints: converting them on every render costs nothing worth memoising.)
 */
export function EditorSegmentTester({ constraints }: { constraints: readonly ConstraintFormValue[] }) {
  const draft = draftOf({ name: '', description: '', project: '', constraints: [...constraints] }).constraints;
  return <SegmentTester constraints={draft} />;
}
