import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toApiError } from '../../../shared/errors';
import type { CompareResult, CompareSide, OnFailure, PlanInput, ProfileView, PromotePlan, PromoteResult } from '../../../shared/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { PageHeader } from '../../components/page-header';
import { useConnectionStatus } from '../connections';
import { compareQueries, useApplyPromotion, useCompareProgress, usePlanPromotion, useRevertPromotion } from './api';
import { SHOW_OPTIONS, parseItemKey, parseShow, pickSides, type Show } from './compare-url';
import { KindSection } from './kind-section';
import { PlanPanel, writesOf } from './plan-panel';
import { RunProgress, RunResult } from './run-view';
import { promotableKeys, selectedRefs } from './selection';
import { SidePicker } from './side-picker';
import { plural } from './words';
import styles from './compare.module.css';

type Stage =
  | { step: 'compare' }
  | { step: 'plan'; input: PlanInput; plan: PromotePlan }
  | { step: 'running'; mode: 'promote' | 'revert'; plan: PromotePlan }
  | { step: 'result'; result: PromoteResult; plan: PromotePlan; promotion: PromoteResult | null };

const SHOW_LABEL: Record<Show, string> = {
  changed: 'Not the same',
  differs: 'Differs',
  'only-left': 'Only left',
  'only-right': 'Only right',
  same: 'Same',
  all: 'All',
};

function countFor(result: CompareResult, show: Show): number {
  const { same, differs, onlyLeft, onlyRight } = result.totals;
  switch (show) {
    case 'changed':
      return differs + onlyLeft + onlyRight;
    case 'differs':
      return differs;
    case 'only-left':
      return onlyLeft;
    case 'only-right':
      return onlyRight;
    case 'same':
      return same;
    case 'all':
      return same + differs + onlyLeft + onlyRight;
  }
}

/** Which side an error names (main says it in the details' path), with its words. */
function sideProblems(error: unknown): { left?: string; right?: string } {
  if (!error) return {};
  const details = toApiError(error).details ?? [];
  const out: { left?: string; right?: string } = {};
  for (const detail of details) if (detail.path === 'left' || detail.path === 'right') out[detail.path] = detail.message;
  return out;
}

/**
 * /compare?left=&right=&show=&item=: two connection profiles side by side, kind by kind, and the promotion of what
 * differs from left to right (plan, apply under the right's protection level, result, revert).
 */
export default function CompareScreen() {
  const status = useConnectionStatus();
  const [params, setParams] = useSearchParams();
  const profiles = status.data?.profiles ?? [];
  const sides = pickSides(
    profiles.map((profile) => profile.id),
    status.data?.activeProfileId,
    { left: params.get('left'), right: params.get('right') },
  );
  const update = useUpdateParams(setParams);

  // The sides chosen by default go into the URL, so the address always says what is compared.
  const urlLeft = params.get('left');
  const urlRight = params.get('right');
  useEffect(() => {
    if (sides.left === null || sides.right === null) return;
    if (urlLeft !== sides.left || urlRight !== sides.right) update({ left: sides.left, right: sides.right });
  }, [sides.left, sides.right, urlLeft, urlRight, update]);

  const rightProfile = profiles.find((profile) => profile.id === sides.right);
  return (
    <section aria-label="Compare instances" className={styles.page}>
      <PageHeader title="Compare instances" description="Two connections side by side, kind by kind; promote what differs from left to right." />
      {status.isError && <ErrorBanner error={status.error} action="Loading the connections" onRetry={() => void status.refetch()} />}
      {status.isPending && <Loading label="Loading the connections…" />}
      {status.data && profiles.length < 2 && (
        <EmptyState title="Compare needs two connections">
          Flagdesk holds only “{profiles[0]?.name ?? 'the demo'}”. Add the other server (its URL and an admin token), then pick it
          here as the right side. <Link to="/connections/new">Add a connection</Link>
        </EmptyState>
      )}
      {status.data && profiles.length >= 2 && sides.left !== null && sides.right !== null && (
        <>
          {sides.left === sides.right ? (
            <>
              <SidePicker profiles={profiles} left={sides.left} right={sides.right} problems={{}} onChange={(next) => update({ ...next, item: null })} />
              <Notice tone="info" title="Both sides are the same connection">
                Pick another connection on one side to compare.
              </Notice>
            </>
          ) : (
            // Other sides, another comparison: what was selected or planned belonged to the old pair.
            <Comparison
              key={`${sides.left}|${sides.right}`}
              profiles={profiles}
              leftId={sides.left}
              rightId={sides.right}
              rightReadOnly={rightProfile?.protection === 'read-only'}
              params={params}
              update={update}
            />
          )}
        </>
      )}
    </section>
  );
}

function useUpdateParams(setParams: ReturnType<typeof useSearchParams>[1]) {
  return useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
}

interface ComparisonProps {
  profiles: readonly ProfileView[];
  leftId: string;
  rightId: string;
  rightReadOnly: boolean;
  params: URLSearchParams;
  update: (changes: Record<string, string | null>) => void;
}

/** One pair of sides: the comparison, the selection, and the promotion's plan, run and result. */
function Comparison({ profiles, leftId, rightId, rightReadOnly, params, update }: ComparisonProps) {
  const show = parseShow(params.get('show'));
  const openKey = parseItemKey(params.get('item')) ? params.get('item') : null;
  const left: CompareSide = { type: 'profile', profileId: leftId };
  const right: CompareSide = { type: 'profile', profileId: rightId };
  const run = useQuery(compareQueries.run(left, right, true));
  const result = run.data;

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [stage, setStage] = useState<Stage>({ step: 'compare' });
  const [onFailure, setOnFailure] = useState<OnFailure>('stop');
  const [confirm, setConfirm] = useState<'apply' | 'revert' | null>(null);
  const progress = useCompareProgress();
  const plan = usePlanPromotion();
  const apply = useApplyPromotion(rightId);
  const revert = useRevertPromotion(rightId);
  const filterLabel = useId();

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
        onSuccess: (answer) => setStage({ step: 'result', result: answer, plan: current.plan, promotion: answer }),
        onError: () => setStage(current),
      },
    );
  };

  const doRevert = (current: Extract<Stage, { step: 'result' }>, typedName: string | undefined) => {
    if (!current.promotion) return;
    progress.clear();
    revert.mutate(
      { runId: current.promotion.runId, onFailure: 'continue', confirmation: confirmation(typedName) },
      { onSuccess: (answer) => setStage({ step: 'result', result: answer, plan: current.plan, promotion: null }) },
    );
  };

  const askApply = () => {
    if (stage.step !== 'plan') return;
    if (stage.plan.protection === 'none') doApply(stage, undefined);
    else setConfirm('apply');
  };
  const askRevert = () => {
    if (stage.step !== 'result') return;
    if (stage.plan.protection === 'none') doRevert(stage, undefined);
    else setConfirm('revert');
  };

  const name = (id: string) => profiles.find((profile) => profile.id === id)?.name ?? id;
  const rightLabel = result?.right.label ?? name(rightId);
  const leftLabel = result?.left.label ?? name(leftId);
  const allPromotable = result ? promotableKeys(result) : [];
  const refs = result ? selectedRefs(result, selected) : [];

  return (
    <>
      <SidePicker profiles={profiles} left={leftId} right={rightId} problems={sideProblems(run.error)} onChange={(next) => update({ ...next, item: null })} />
      {rightReadOnly && (
        <div data-testid="read-only-notice">
          <Notice tone="info" title={`“${rightLabel}” is read-only`}>
            You can compare and plan, but Flagdesk promotes nothing to it. To promote, change its protection level in{' '}
            <Link to="/connections">Connections</Link>.
          </Notice>
        </div>
      )}
      {run.isError && <ErrorBanner error={run.error} action={`Comparing ${leftLabel} with ${rightLabel}`} onRetry={() => void run.refetch()} />}
      {run.isPending && !run.isError && <Loading label={`Reading ${leftLabel} and ${rightLabel}…`} />}
      {result && stage.step === 'compare' && (
        <>
          <div className={styles.totalsRow}>
            <p className={styles.totals} role="status">
              {totalsLine(result)}
            </p>
            <button type="button" className="button" onClick={() => void run.refetch()} disabled={run.isFetching}>
              {run.isFetching ? 'Comparing…' : 'Compare again'}
            </button>
          </div>
          <div className={styles.filter} role="radiogroup" aria-labelledby={filterLabel}>
            <span id={filterLabel} className={styles.filterLabel}>
              Show
            </span>
            {SHOW_OPTIONS.map((option) => (
              <label key={option} className={`${styles.filterOption} ${show === option ? styles.filterOn : ''}`}>
                <input type="radio" name="compare-show" value={option} checked={show === option} onChange={() => update({ show: option === 'changed' ? null : option })} />
                {SHOW_LABEL[option]} <span className={styles.filterCount}>{countFor(result, option)}</span>
              </label>
            ))}
          </div>
          {result.kinds.map((entry) => (
            <KindSection
              key={entry.kind}
              entry={entry}
              left={result.left}
              right={result.right}
              show={show}
              selected={selected}
              onSelect={select}
              openKey={openKey}
              onOpen={(key) => update({ item: key })}
              selectable={result.right.type === 'profile'}
            />
          ))}
          {plan.isError && <ErrorBanner error={plan.error} action="Planning the promotion" />}
          {result.right.type === 'profile' && (
            <div className={styles.selectionBar} role="group" aria-label="Promotion">
              <span className={styles.selectionCount} aria-live="polite">
                {refs.length === 0 ? 'Nothing selected' : `${plural(refs.length, 'item')} selected`}
              </span>
              <button type="button" className="button" disabled={allPromotable.length === 0} onClick={() => select(allPromotable, true)}>
                Select everything that differs ({allPromotable.length})
              </button>
              <button type="button" className="button button-quiet" disabled={refs.length === 0} onClick={() => setSelected(new Set())}>
                Clear
              </button>
              <button
                type="button"
                className="button button-primary"
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
          {revert.isPending && <RunProgress mode="revert" target={stage.plan.right.label} steps={progress.steps.filter((step) => step.mode === 'revert')} />}
          {revert.isError && <ErrorBanner error={revert.error} action="Reverting the promotion" />}
          <RunResult
            result={stage.result}
            onCompareAgain={compareAgain}
            reverting={revert.isPending}
            {...(stage.promotion?.revertible && stage.plan.protection !== 'read-only' ? { onRevert: askRevert } : {})}
          />
        </>
      )}
      {confirm === 'apply' && stage.step === 'plan' && (
        <ConfirmDialog
          level={stage.plan.protection}
          profileName={stage.plan.right.label}
          title={`Promote to ${stage.plan.right.label}?`}
          name={stage.plan.right.label}
          confirmLabel={`Promote (${plural(writesOf(stage.plan), 'write')})`}
          body={
            <>
              <p>{stage.plan.summary}</p>
              <p className="muted">
                {onFailure === 'stop' ? 'A failure stops the rest.' : 'A failure does not stop the rest.'} You can revert the promotion afterwards.
              </p>
            </>
          }
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            setConfirm(null);
            doApply(stage, stage.plan.protection === 'type-name' ? stage.plan.right.label : undefined);
          }}
        />
      )}
      {confirm === 'revert' && stage.step === 'result' && (
        <ConfirmDialog
          level={stage.plan.protection}
          profileName={stage.plan.right.label}
          title={`Revert the promotion on ${stage.plan.right.label}?`}
          name={stage.plan.right.label}
          confirmLabel="Revert promotion"
          body={<p>Deletes what the promotion created and puts back the versions it replaced on {stage.plan.right.label}.</p>}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            setConfirm(null);
            doRevert(stage, stage.plan.protection === 'type-name' ? stage.plan.right.label : undefined);
          }}
        />
      )}
    </>
  );
}

function totalsLine(result: CompareResult): string {
  const { same, differs, onlyLeft, onlyRight } = result.totals;
  if (differs + onlyLeft + onlyRight === 0) return `${result.left.label} and ${result.right.label} are the same: ${plural(same, 'item')} compared.`;
  return `${differs} differ, ${onlyLeft} only on ${result.left.label}, ${onlyRight} only on ${result.right.label}, ${same} the same.`;
}
