import type { OnFailure, PromotePlan } from '../../../shared/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { writesOf } from './plan-panel';
import { plural } from './words';

/**
 * The right profile's protection level over a whole plan and its revert: a confirmation, or its name typed (main checks
 * the typed name again). Each calls back with the name typed, when the level asked for it.
 */
interface Props {
  plan: PromotePlan;
  onCancel: () => void;
  onConfirm: (typedName: string | undefined) => void;
}

const typed = (plan: PromotePlan) => (plan.protection === 'type-name' ? plan.right.label : undefined);

export function ApplyDialog({ plan, onFailure, onCancel, onConfirm }: Props & { onFailure: OnFailure }) {
  return (
    <ConfirmDialog
      level={plan.protection}
      profileName={plan.right.label}
      title={`Promote to ${plan.right.label}?`}
      name={plan.right.label}
      confirmLabel={`Promote (${plural(writesOf(plan), 'write')})`}
      body={
        <>
          <p>{plan.summary}</p>
          <p className="muted">{onFailure === 'stop' ? 'A failure stops the rest.' : 'A failure does not stop the rest.'} You can revert the promotion afterwards.</p>
        </>
      }
      onCancel={onCancel}
      onConfirm={() => onConfirm(typed(plan))}
    />
  );
}

export function RevertDialog({ plan, onCancel, onConfirm }: Props) {
  return (
    <ConfirmDialog
      level={plan.protection}
      profileName={plan.right.label}
      title={`Revert the promotion on ${plan.right.label}?`}
      name={plan.right.label}
      confirmLabel="Revert promotion"
      body={<p>Deletes what the promotion created and puts back the versions it replaced on {plan.right.label}.</p>}
      onCancel={onCancel}
      onConfirm={() => onConfirm(typed(plan))}
    />
  );
}
