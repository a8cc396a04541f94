import { Link } from 'react-router';
import type { ConstraintFormValue } from './segment-form-schema';
import styles from './segment-editor.module.css';

/**
 * SLOT for the Playground's segment tester (issue 12, renderer/features/playground). The lead wires it here:
 * render `<SegmentTester constraints={constraints} />` from '../playground' inside this region, fed with the
 * editor's current (unsaved) constraints. Until then the region points to the Playground.
 */
export function SegmentTesterSlot({ constraints }: { constraints: readonly ConstraintFormValue[] }) {
  return (
    <section aria-label="Segment tester" className={styles.panel} data-slot="segment-tester" data-constraints={constraints.length}>
      <h2>Test this segment</h2>
      <p className="muted">
        Check a context against these constraints in the <Link to="/playground">Playground</Link>.
      </p>
    </section>
  );
}
