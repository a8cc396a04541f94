import { randomUUID } from 'node:crypto';
import type {
  ApplyInput,
  CompareInput,
  CompareKind,
  CompareResult,
  CompareSide,
  InstanceContent,
  PlanInput,
  PromotePlan,
  PromoteProgress,
  PromoteResult,
  RevertInput,
  SideInfo,
  StepResult,
} from '../../shared/schemas';
import { COMPARE_KINDS } from '../../shared/schemas/compare';
import { compareContents, totalCounts } from '../../shared/domain/compare/compare-instances';
import { buildPlan, type PromoteStep } from '../../shared/domain/compare/plan';
import { ApiError } from '../../shared/errors';
import type { AdminBackend } from '../backend/admin-backend';
import { readInstance, readSegmentUsage } from './instance-reader';
import { checkProtection, readOnlyReason } from './protection-check';
import { revertOf, writeRevert, writeStep, type DoneStep, type RevertStep } from './promote-writes';

/**
 * Compare, plan, apply and revert, over two sides however they are reached: the window opens profiles
 * through the connection manager (profile-sides.ts), the CLI opens URLs and bundle files (scripts/compare-cli.ts).
 * Both run this same code. Plans and runs are kept in memory for the session: a revert needs the right's versions
 * that a promotion replaced.
 */

export interface OpenedSide {
  info: SideInfo;
  /** A server (profile): read and, on the right, written. */
  backend?: AdminBackend;
  /** A bundle's content: read only. */
  content?: InstanceContent;
  /** A server's segment ids by name, once its content is read (for the usage reads). */
  segmentIds?: ReadonlyMap<string, number>;
  release(): Promise<void>;
}

export interface SideOpener {
  open(side: CompareSide): Promise<OpenedSide>;
}

export interface CompareService {
  run(input: CompareInput): Promise<CompareResult>;
  plan(input: PlanInput): Promise<PromotePlan>;
  apply(input: ApplyInput): Promise<PromoteResult>;
  revert(input: RevertInput): Promise<PromoteResult>;
}

export interface CompareServiceOptions {
  opener: SideOpener;
  progress?: (event: PromoteProgress) => void;
  now?: () => Date;
}

interface StoredPlan {
  right: CompareSide;
  rightInfo: SideInfo;
  steps: PromoteStep[];
}
interface StoredRun {
  right: CompareSide;
  done: DoneStep[];
  reverted: boolean;
}

/**
 * A failure to open or read one side, said with which side it is (details' path 'left' or 'right'), so the screen
 * shows it next to that side's picker. Only the app's own errors (ApiError) are reworded; anything else stays an
 * unexpected fault.
 */
export function onSide(which: 'left' | 'right', label: string | undefined, error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const who = label ? `"${label}"` : `The ${which} side`;
  const text = error.status === 0 ? `${who} cannot be reached: ${error.message}` : `${who} could not be read: ${error.message}`;
  return new ApiError(error.status, error.name, text, [{ path: which, message: text }], error.kind);
}

async function openSide(opener: SideOpener, which: 'left' | 'right', side: CompareSide): Promise<OpenedSide> {
  try {
    return await opener.open(side);
  } catch (error) {
    throw onSide(which, undefined, error);
  }
}

async function withSides<T>(opener: SideOpener, left: CompareSide, right: CompareSide, task: (l: OpenedSide, r: OpenedSide) => Promise<T>): Promise<T> {
  const l = await openSide(opener, 'left', left);
  try {
    const r = await openSide(opener, 'right', right);
    try {
      return await task(l, r);
    } finally {
      await r.release();
    }
  } finally {
    await l.release();
  }
}

/** Both sides' content, each failure said with its side. */
async function contents(l: OpenedSide, r: OpenedSide, kinds: readonly CompareKind[] = COMPARE_KINDS): Promise<[InstanceContent, InstanceContent]> {
  const read = (side: OpenedSide, which: 'left' | 'right') =>
    contentOf(side, kinds).catch((error: unknown) => {
      throw onSide(which, side.info.label, error);
    });
  return Promise.all([read(l, 'left'), read(r, 'right')]);
}

async function contentOf(side: OpenedSide, kinds: readonly CompareKind[] = COMPARE_KINDS): Promise<InstanceContent> {
  if (side.content) return side.content;
  if (!side.backend) throw new Error('a side with neither backend nor content');
  const read = await readInstance(side.backend, kinds);
  if (read.version && !side.info.version) side.info.version = read.version;
  side.segmentIds = read.segmentIds;
  return read.content;
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createCompareService(options: CompareServiceOptions): CompareService {
  const plans = new Map<string, StoredPlan>();
  const runs = new Map<string, StoredRun>();
  const now = options.now ?? (() => new Date());

  function blockedReason(right: OpenedSide): string | null {
    if (!right.backend) return 'The right side is a bundle: promote to a connection.';
    if (right.info.protection === 'read-only') return readOnlyReason(right.info.label);
    return null;
  }

  async function writeRight(right: CompareSide, confirmation: ApplyInput['confirmation'], task: (backend: AdminBackend, info: SideInfo) => Promise<PromoteResult>) {
    const opened = await options.opener.open(right);
    try {
      if (!opened.backend) throw new ApiError(400, 'BadRequestError', 'The right side is a bundle: promote to a connection.');
      checkProtection(opened.info.protection ?? 'none', opened.info.label, confirmation);
      return await task(opened.backend, opened.info);
    } finally {
      await opened.release();
    }
  }

  /** Runs steps one by one with progress; a failure stops the rest when asked to. */
  async function runSteps<S extends { kind: PromoteStep['kind']; name: string; action: StepResult['action'] }>(
    runId: string,
    mode: 'promote' | 'revert',
    steps: readonly S[],
    onFailure: 'stop' | 'continue',
    write: (step: S) => Promise<void>,
  ): Promise<{ results: StepResult[]; stopped: boolean }> {
    const results: StepResult[] = [];
    let stopped = false;
    for (const [index, step] of steps.entries()) {
      const base = { kind: step.kind, name: step.name, action: step.action };
      if (stopped) {
        results.push({ ...base, outcome: 'not-run' });
        continue;
      }
      const event = { runId, mode, index, total: steps.length, ...base };
      options.progress?.({ ...event, state: 'running' });
      try {
        await write(step);
        results.push({ ...base, outcome: 'done' });
        options.progress?.({ ...event, state: 'done' });
      } catch (error) {
        results.push({ ...base, outcome: 'failed', error: message(error) });
        options.progress?.({ ...event, state: 'failed', error: message(error) });
        if (onFailure === 'stop') stopped = true;
      }
    }
    return { results, stopped };
  }

  function result(runId: string, mode: 'promote' | 'revert', right: SideInfo, results: StepResult[], stopped: boolean): PromoteResult {
    const counts = { done: 0, failed: 0, notRun: 0 };
    for (const step of results) counts[step.outcome === 'not-run' ? 'notRun' : step.outcome] += 1;
    const verbs = mode === 'promote' ? { create: 'created', update: 'updated' } : { delete: 'deleted', restore: 'restored' };
    const parts = Object.entries(verbs)
      .map(([action, verb]) => [verb, results.filter((step) => step.action === action && step.outcome === 'done').length] as const)
      .filter(([, count]) => count > 0)
      .map(([verb, count]) => `${verb} ${count}`);
    let summary = parts.length > 0 ? `${parts.join(', ')} on "${right.label}"` : `Nothing was changed on "${right.label}"`;
    summary = summary.charAt(0).toUpperCase() + summary.slice(1);
    const failures = results.filter((step) => step.outcome === 'failed');
    if (failures.length > 0) summary += `; ${failures.length} failed (${failures.map((step) => `${step.name}: ${step.error ?? ''}`).join('; ')})`;
    if (counts.notRun > 0) summary += `; ${counts.notRun} not run after the failure`;
    return {
      runId,
      mode,
      right,
      steps: results,
      counts,
      stopped,
      revertible: mode === 'promote' && counts.done > 0,
      summary: `${summary}.`,
    };
  }

  return {
    run: (input) =>
      withSides(options.opener, input.left, input.right, async (left, right) => {
        const kinds: readonly CompareKind[] = input.kinds ?? COMPARE_KINDS;
        const [l, r] = await contents(left, right, kinds);
        const results = compareContents(l, r, kinds);
        const differing = results
          .find((kind) => kind.kind === 'segments')
          ?.items.filter((item) => item.status === 'differs')
          .map((item) => item.name);
        if (differing && differing.length > 0) {
          const [leftUsage, rightUsage] = await Promise.all([
            left.backend ? readSegmentUsage(left.backend, differing, left.segmentIds ?? new Map()) : new Map(),
            right.backend ? readSegmentUsage(right.backend, differing, right.segmentIds ?? new Map()) : new Map(),
          ]);
          for (const item of results.find((kind) => kind.kind === 'segments')?.items ?? []) {
            if (item.status === 'differs') item.usage = { left: leftUsage.get(item.name) ?? [], right: rightUsage.get(item.name) ?? [] };
          }
        }
        return { left: left.info, right: right.info, comparedAt: now().toISOString(), kinds: results, totals: totalCounts(results) };
      }),

    plan: (input) =>
      withSides(options.opener, input.left, input.right, async (left, right) => {
        const [l, r] = await contents(left, right);
        const segmentNames = input.items.filter((item) => item.kind === 'segments').map((item) => item.name);
        const rightUsage = right.backend ? await readSegmentUsage(right.backend, segmentNames, right.segmentIds ?? new Map()) : new Map();
        const core = buildPlan({ left: l, right: r, items: input.items, projectChoices: input.projectChoices, rightUsage });
        const planId = `plan-${randomUUID()}`;
        plans.set(planId, { right: input.right, rightInfo: right.info, steps: core.steps });
        return {
          planId,
          left: left.info,
          right: right.info,
          protection: right.info.protection ?? 'none',
          lines: core.lines,
          counts: core.counts,
          summary: core.summary,
          blocked: blockedReason(right),
        };
      }),

    async apply({ planId, onFailure, confirmation }) {
      const plan = plans.get(planId);
      if (!plan) throw new ApiError(404, 'NotFoundError', 'This plan is no longer known (plans last for the session): plan again.');
      return writeRight(plan.right, confirmation, async (backend, info) => {
        // The right's versions as they are now, just before they are replaced: what a revert puts back.
        const { content, segmentIds: ids } = await readInstance(backend);
        const runId = `run-${randomUUID()}`;
        const done: DoneStep[] = [];
        const { results, stopped } = await runSteps(runId, 'promote', plan.steps, onFailure, async (step) => {
          const before = step.action === 'update' ? ((content[step.kind] as { name: string }[] | null)?.find((item) => item.name === step.name) ?? null) : null;
          await writeStep(backend, step, ids);
          done.push({ kind: step.kind, name: step.name, action: step.action, before } as DoneStep);
        });
        plans.delete(planId);
        runs.set(runId, { right: plan.right, done, reverted: false });
        return result(runId, 'promote', info, results, stopped);
      });
    },

    async revert({ runId, onFailure, confirmation }) {
      const run = runs.get(runId);
      if (!run) throw new ApiError(404, 'NotFoundError', 'This promotion is no longer known (they last for the session), so it cannot be reverted from here.');
      if (run.reverted) throw new ApiError(409, 'ConflictError', 'This promotion was already reverted.');
      return writeRight(run.right, confirmation, async (backend, info) => {
        const steps: RevertStep[] = [...run.done].reverse().map(revertOf);
        const { results, stopped } = await runSteps(runId, 'revert', steps, onFailure, (step) => writeRevert(backend, step));
        run.reverted = true;
        return result(runId, 'revert', info, results, stopped);
      });
    },
  };
}
