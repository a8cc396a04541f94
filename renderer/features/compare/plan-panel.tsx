import { useEffect, useId, useRef, useState } from 'react';
import type { OnFailure, PlanLine, PromotePlan } from '../../../shared/schemas';
import { ErrorBanner } from '../../components/error-banner';
import { Notice } from '../../components/notice';
import { SemanticDiffView } from './semantic-diff-view';
import { LiveBehaviourWarning, SegmentUsage } from './segment-usage';
import { ACTION_LABEL, KIND_ONE, plural } from './words';
import styles from './compare.module.css';

interface Props {
  plan: PromotePlan;
  /** Planning again after a choice: the plan shown is the previous one until the new one arrives. */
  replanning: boolean;
  replanError: unknown;
  onChoice: (segment: string, choice: 'global' | 'skip') => void;
  onFailure: OnFailure;
  onFailureChange: (value: OnFailure) => void;
  onBack: () => void;
  onApply: () => void;
  applyError: unknown;
}

/** What the right's level asks of the whole plan (read-only is said above, with the way out). */
const PROTECTION_NOTE: Record<PromotePlan['protection'], (name: string) => string> = {
  none: (name) => `${name} has no protection: the plan applies as soon as you click Apply.`,
  confirm: (name) => `${name} asks for one confirmation of the whole plan.`,
  'type-name': (name) => `${name} asks you to type its name once to apply the whole plan.`,
  'read-only': (name) => `“${name}” is read-only.`,
};

/** How many writes a plan makes: what it creates and updates (prerequisites are among its creates). */
export function writesOf(plan: PromotePlan): number {
  return plan.counts.create + plan.counts.update;
}

/** The promotion's plan in words and as a list, the choices it offers, and Apply under the right's protection. */
export function PlanPanel({ plan, replanning, replanError, onChoice, onFailure, onFailureChange, onBack, onApply, applyError }: Props) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const writes = writesOf(plan);
  const readOnly = plan.protection === 'read-only';
  const stopped = plan.blocked !== null || readOnly;
  const { counts } = plan;
  return (
    <section className={styles.plan} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.planTitle}>
        Plan: promote from {plan.left.label} to {plan.right.label}
      </h2>
      <p className={styles.planSummary}>{plan.summary}</p>
      <ul className={styles.planCounts} aria-label="Plan counts">
        <li>Create {counts.create}</li>
        <li>Update {counts.update}</li>
        <li>Leave {counts.leave}</li>
        <li>Skip {counts.skip}</li>
        <li>{plural(counts.prerequisites, 'prerequisite')} added</li>
      </ul>
      {plan.blocked && (
        <Notice tone="warning" title="This plan cannot be applied">
          {plan.blocked}
        </Notice>
      )}
      {replanError ? <ErrorBanner error={replanError} action="Planning again" /> : null}
      <ol className={styles.lines} aria-label="Items in the plan" aria-busy={replanning}>
        {plan.lines.map((line) => (
          <PlanLineItem key={`${line.kind}:${line.name}`} line={line} plan={plan} onChoice={onChoice} disabled={replanning} />
        ))}
      </ol>
      <div className={styles.applyBar}>
        <fieldset className={styles.onFailure} disabled={stopped}>
          <legend>If a step fails</legend>
          <label>
            <input type="radio" name="on-failure" value="stop" checked={onFailure === 'stop'} onChange={() => onFailureChange('stop')} />
            Stop there (the rest is not run)
          </label>
          <label>
            <input type="radio" name="on-failure" value="continue" checked={onFailure === 'continue'} onChange={() => onFailureChange('continue')} />
            Carry on with the rest
          </label>
        </fieldset>
        <p className={styles.protectionNote}>
          {readOnly
            ? `“${plan.right.label}” is read-only: Flagdesk changes nothing on it. Change its protection level in Connections to promote.`
            : PROTECTION_NOTE[plan.protection](plan.right.label)}
        </p>
        {applyError ? <ErrorBanner error={applyError} action={`Promoting to ${plan.right.label}`} /> : null}
        <div className={styles.applyActions}>
          <button type="button" className="button" onClick={onBack}>
            Back to the comparison
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={stopped || writes === 0 || replanning}
            title={stopped ? (plan.blocked ?? `“${plan.right.label}” is read-only`) : writes === 0 ? 'The plan writes nothing' : undefined}
            onClick={onApply}
          >
            {writes === 0 ? 'Nothing to apply' : `Apply to ${plan.right.label} (${plural(writes, 'write')})`}
          </button>
        </div>
      </div>
    </section>
  );
}

function PlanLineItem({ line, plan, onChoice, disabled }: { line: PlanLine; plan: PromotePlan; onChoice: Props['onChoice']; disabled: boolean }) {
  const choiceName = useId();
  // The choice shows at once; the plan made with it replaces this one a moment later.
  const [chosen, setChosen] = useState<'global' | 'skip' | null>(null);
  const choose = (choice: 'global' | 'skip') => {
    setChosen(choice);
    onChoice(line.name, choice);
  };
  const prerequisite = line.prerequisiteFor && line.prerequisiteFor.length > 0;
  return (
    <li className={styles.line} data-action={line.action} aria-label={`${ACTION_LABEL[line.action]} ${KIND_ONE[line.kind]} ${line.name}`}>
      <div className={styles.lineHead}>
        <span className={`${styles.action} ${styles[`action-${line.action}`] ?? ''}`}>{ACTION_LABEL[line.action]}</span>
        <span className="muted">{KIND_ONE[line.kind]}</span>
        <strong className={styles.lineName}>{line.name}</strong>
        {prerequisite && <span className={styles.prereq}>prerequisite</span>}
      </div>
      <p className={styles.reason}>{line.reason}</p>
      {prerequisite && <p className={styles.lineNote}>Added because {line.prerequisiteFor!.join(', ')} {line.prerequisiteFor!.length === 1 ? 'needs' : 'need'} it.</p>}
      {line.problem?.code === 'project-missing' && (
        <fieldset className={styles.choice} disabled={disabled}>
          <legend>{line.problem.message}</legend>
          <label>
            <input type="radio" name={choiceName} checked={(chosen ?? line.problem.choice) === 'global'} onChange={() => choose('global')} />
            Promote it as a global segment
          </label>
          <label>
            <input type="radio" name={choiceName} checked={(chosen ?? line.problem.choice) === 'skip'} onChange={() => choose('skip')} />
            Skip it
          </label>
        </fieldset>
      )}
      {line.problem?.code === 'not-promotable' && <p className={styles.problem}>Cannot be promoted: {line.problem.message}</p>}
      {line.action === 'update' && line.diff && (
        <SemanticDiffView diff={line.diff} caption={`Changes to ${line.name}`} before={`On ${plan.right.label} now`} after="After promotion" />
      )}
      {line.rightUsage && line.rightUsage.length > 0 && (
        <>
          <LiveBehaviourWarning uses={line.rightUsage} side={plan.right.label} />
          <SegmentUsage uses={line.rightUsage} side={plan.right.label} label={`Strategies using ${line.name} on ${plan.right.label}`} />
        </>
      )}
    </li>
  );
}
