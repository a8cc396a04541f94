import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError, toApiError } from '../../../shared/errors';
import type { CompareSide, OnFailure, PlanInput, ProfileView, PromotePlan, PromoteResult } from '../../../shared/schemas';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { notify } from '../../components/toast';
import { clearDraft, readDraft, saveDraft } from '../../lib/session-draft';
import { compareQueries, useApplyPromotion, useCompareProgress, useExportBundle, usePlanPromotion, useRevertPromotion } from './api';
import { parseItemKey, parseShow, sideParam } from './compare-url';
import { ApplyDialog, RevertDialog } from './confirmations';
import { KindSection } from './kind-section';
import { PlanPanel } from './plan-panel';
import { LastPromotionBar, RunProgress, RunResult } from './run-view';
import { promotableKeys, selectedRefs } from './selection';
import { StatusFilter, totalsLine } from './status-filter';
import { plural } from './words';
import styles from './compare.module.css';

type Stage =
  | { step: 'compare' }
  | { step: 'plan'; input: PlanInput; plan: PromotePlan }
  | { step: 'running'; mode: 'promote' | 'revert'; plan: PromotePlan }
  | { step: 'result'; result: PromoteResult; plan: PromotePlan };

/** The last promotion of this pair, revertible from the result and after a compare again. */
interface LastPromotion {
  promotion: PromoteResult;
  plan: PromotePlan;
}

/** The error without the details that name a side: those are said under that side's picker, not twice. */
function withoutSides(error: unknown): ApiError {
  const apiError = toApiError(error);
  const rest = (apiError.details ?? []).filter((detail) => detail.path !== 'left' && detail.path !== 'right');
  return new ApiError(apiError.status, apiError.name, apiError.message, rest.length > 0 ? rest : undefined, apiError.kind);
}

/** Which side an error names (main says it in the details' path), with its words. */
function sideProblems(error: unknown): { left?: string; right?: string } {
  if (!error) return {};
  const details = toApiError(error).details ?? [];
  const out: { left?: string; right?: string } = {};
  for (const detail of details) if (detail.path === 'left' || detail.path === 'right') out[detail.path] = detail.message;
  return out;
}
interface ComparisonProps {
  profiles: readonly ProfileView[];
  left: CompareSide;
  right: CompareSide;
  rightReadOnly: boolean;
  params: URLSearchParams;
  update: (changes: Record<string, string | null>) => void;
  /** The side pickers, with what this comparison knows of each side's problem. */
  picker: (problems: { left?: string; right?: string }, busy?: boolean) => ReactNode;
}

/** One pair of sides: the comparison, the selection, and the promotion's plan, run and result. */
export function Comparison({ profiles, left, right, rightReadOnly, params, update, picker }: ComparisonProps) {
  const show = parseShow(params.get('show'));
  const query = params.get('q') ?? '';
  const openKey = parseItemKey(params.get('item')) ? params.get('item') : null;
  const rightId = right.type === 'profile' ? right.profileId : undefined;
  const run = useQuery(compareQueries.run(left, right, true));
  const result = run.data;

  // The selection survives the screen's Retry and a visit elsewhere (this window's session), per pair of sides.
  const draftKey = `compare.selection.${sideParam(left)}|${sideParam(right)}`;
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(readDraft<string[]>(draftKey) ?? []));
  useEffect(() => {
    if (selected.size === 0) clearDraft(draftKey);
    else saveDraft(draftKey, [...selected]);
  }, [draftKey, selected]);
  const [stage, setStage] = useState<Stage>({ step: 'compare' });
  // Back from the plan, the focus lands where the admin left: on the button that planned.
  const returning = useRef(false);
  const focusOnReturn = useCallback((node: HTMLButtonElement | null) => {
    if (node && returning.current) {
      returning.current = false;
      node.focus();
    }
  }, []);
  const [onFailure, setOnFailure] = useState<OnFailure>('stop');
  const [confirm, setConfirm] = useState<'apply' | 'revert' | null>(null);
  const [last, setLast] = useState<LastPromotion | null>(null);
  const progress = useCompareProgress();
  const plan = usePlanPromotion();
  const apply = useApplyPromotion(rightId);
  const revert = useRevertPromotion(rightId);

  const select = (keys: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const key of keys) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return next;
    });

  const startPlan = (input: PlanInput) =>
    plan.mutate(input, {
      onSuccess: (answer) => {
        apply.reset();
        setStage({ step: 'plan', input, plan: answer });
      },
    });

  const compareAgain = () => {
    setSelected(new Set());
    setStage({ step: 'compare' });
    plan.reset();
    apply.reset();
    revert.reset();
    void run.refetch();
  };

  const confirmation = (typedName: string | undefined) => ({ confirmed: true, ...(typedName !== undefined ? { typedName } : {}) });

  const doApply = (current: Extract<Stage, { step: 'plan' }>, typedName: string | undefined) => {
    progress.clear();
    setStage({ step: 'running', mode: 'promote', plan: current.plan });
    apply.mutate(
      { planId: current.plan.planId, onFailure, confirmation: confirmation(typedName) },
      {
        onSuccess: (answer) => {
          setLast(answer.revertible ? { promotion: answer, plan: current.plan } : null);
          setStage({ step: 'result', result: answer, plan: current.plan });
        },
        onError: () => setStage(current),
      },
    );
  };

  const doRevert = (current: LastPromotion, typedName: string | undefined) => {
    progress.clear();
    revert.mutate(
      { runId: current.promotion.runId, onFailure: 'continue', confirmation: confirmation(typedName) },
      {
        onSuccess: (answer) => {
          setLast(null);
          setStage({ step: 'result', result: answer, plan: current.plan });
        },
      },
    );
  };

  const askApply = () => {
    if (stage.step !== 'plan') return;
    if (stage.plan.protection === 'none') doApply(stage, undefined);
    else setConfirm('apply');
  };
  const askRevert = () => {
    if (!last) return;
    if (last.plan.protection === 'none') doRevert(last, undefined);
    else setConfirm('revert');
  };
  const canRevert = last !== null && last.plan.protection !== 'read-only';
  const reverting = last !== null && revert.isPending && (
    <RunProgress mode="revert" target={last.plan.right.label} steps={progress.steps.filter((step) => step.mode === 'revert')} />
  );
  const revertError = revert.isError && <ErrorBanner error={revert.error} action="Reverting the promotion" />;

  const name = (side: CompareSide) =>
    side.type === 'profile' ? (profiles.find((profile) => profile.id === side.profileId)?.name ?? side.profileId) : 'the bundle';
  const rightLabel = result?.right.label ?? name(right);
  const leftLabel = result?.left.label ?? name(left);
  const exportBundle = useExportBundle();
  const exportSelection = () => {
    if (left.type !== 'profile') return;
    exportBundle.mutate(
      { profileId: left.profileId, items: refs },
      {
        onSuccess: (answer) => {
          if (answer.saved) notify({ title: 'Bundle saved', description: `${plural(refs.length, 'item')} from ${leftLabel} in ${answer.fileName ?? 'the file'}.`, tone: 'ok' });
        },
      },
    );
  };
  const allPromotable = result ? promotableKeys(result) : [];
  const refs = result ? selectedRefs(result, selected) : [];

  return (
    <>
      {/* no other pair while a promotion or its revert runs: its result belongs to this one */}
      {picker(sideProblems(run.error), apply.isPending || revert.isPending)}
      {rightReadOnly && (
        <div data-testid="read-only-notice">
          <Notice tone="info" title={`“${rightLabel}” is read-only`}>
            You can compare and plan, but Flagdesk promotes nothing to it. To promote, change its protection level in{' '}
            <Link to="/connections">Connections</Link>.
          </Notice>
        </div>
      )}
      {right.type === 'bundle' && (
        <Notice tone="info" title="A bundle on the right is compared only">
          Promotion writes to a server: put the bundle on the left and a connection on the right to promote from it.
        </Notice>
      )}
      {run.isError && <ErrorBanner error={withoutSides(run.error)} action={`Comparing ${leftLabel} with ${rightLabel}`} onRetry={() => void run.refetch()} />}
      {run.isPending && !run.isError && <Loading label={`Reading ${leftLabel} and ${rightLabel}…`} />}
      {result && stage.step === 'compare' && (
        <>
          {last && canRevert && (
            <LastPromotionBar summary={last.promotion.summary} target={last.plan.right.label} reverting={revert.isPending} onRevert={askRevert} />
          )}
          {reverting}
          {revertError}
          <div className={styles.totalsRow}>
            <p className={styles.totals} role="status">
              {totalsLine(result)}
            </p>
            <button type="button" className="button" onClick={() => void run.refetch()} disabled={run.isFetching}>
              {run.isFetching ? 'Comparing…' : 'Compare again'}
            </button>
          </div>
          <StatusFilter
            result={result}
            show={show}
            onChange={(option) => update({ show: option === 'changed' ? null : option })}
            query={query}
            onQuery={(text) => update({ q: text })}
          />
          {result.kinds.map((entry) => (
            <KindSection
              key={entry.kind}
              entry={entry}
              left={result.left}
              right={result.right}
              show={show}
              query={query}
              selected={selected}
              onSelect={select}
              openKey={openKey}
              onOpen={(key) => update({ item: key })}
              selectable={right.type === 'profile'}
            />
          ))}
          {plan.isError && <ErrorBanner error={plan.error} action="Planning the promotion" />}
          {exportBundle.isError && <ErrorBanner error={exportBundle.error} action="Exporting the bundle" />}
          {right.type === 'profile' && (
            <div className={styles.selectionBar} role="group" aria-label="Promotion" data-selected={refs.length > 0}>
              <span className={styles.selectionCount} aria-live="polite">
                {refs.length === 0 ? 'Nothing selected' : `${plural(refs.length, 'item')} selected`}
              </span>
              <button type="button" className="button" disabled={allPromotable.length === 0} onClick={() => select(allPromotable, true)}>
                Select all that differ ({allPromotable.length})
              </button>
              <button type="button" className="button button-quiet" disabled={refs.length === 0} onClick={() => setSelected(new Set())}>
                Clear
              </button>
              {left.type === 'profile' && (
                <button type="button" className="button" disabled={refs.length === 0 || exportBundle.isPending} onClick={exportSelection}>
                  Export bundle…
                </button>
              )}
              <button
                type="button"
                className="button button-primary"
                ref={focusOnReturn}
                disabled={refs.length === 0 || plan.isPending}
                onClick={() => startPlan({ left, right, items: refs, projectChoices: [] })}
              >
                {plan.isPending ? 'Planning…' : `Plan promotion to ${rightLabel}`}
              </button>
            </div>
          )}
        </>
      )}
      {stage.step === 'plan' && (
        <PlanPanel
          plan={stage.plan}
          replanning={plan.isPending}
          replanError={plan.isError ? plan.error : null}
          onChoice={(segment, choice) =>
            startPlan({ ...stage.input, projectChoices: [...stage.input.projectChoices.filter((entry) => entry.segment !== segment), { segment, choice }] })
          }
          onFailure={onFailure}
          onFailureChange={setOnFailure}
          onBack={() => {
            returning.current = true;
            plan.reset();
            apply.reset();
            setStage({ step: 'compare' });
          }}
          onApply={askApply}
          applyError={apply.isError ? apply.error : null}
        />
      )}
      {stage.step === 'running' && <RunProgress mode={stage.mode} target={stage.plan.right.label} steps={progress.steps.filter((step) => step.mode === stage.mode)} />}
      {stage.step === 'result' && (
        <>
          {reverting}
          {revertError}
          <RunResult
            result={stage.result}
            onCompareAgain={compareAgain}
            reverting={revert.isPending}
            {...(canRevert && stage.result.mode === 'promote' ? { onRevert: askRevert } : {})}
          />
        </>
      )}
      {confirm === 'apply' && stage.step === 'plan' && (
        <ApplyDialog
          plan={stage.plan}
          onFailure={onFailure}
          onCancel={() => setConfirm(null)}
          onConfirm={(typedName) => {
            setConfirm(null);
            doApply(stage, typedName);
          }}
        />
      )}
      {confirm === 'revert' && last && (
        <RevertDialog
          plan={last.plan}
          onCancel={() => setConfirm(null)}
          onConfirm={(typedName) => {
            setConfirm(null);
            doRevert(last, typedName);
          }}
        />
      )}
    </>
  );
}
