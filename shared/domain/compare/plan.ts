import type {
  BundleContextField,
  BundleSegment,
  BundleStrategyType,
  CompareKind,
  InstanceContent,
  ItemRef,
  PlanCounts,
  PlanLine,
  ProjectChoice,
  SegmentUse,
} from '../../schemas';
import { COMPARE_KINDS } from '../../schemas/compare';
import { semanticDiff } from '../semantic-diff';
import { KIND_LABEL, compareKind, originsMeaning } from './compare-instances';

/**
 * The promotion plan, pure: which selected items are created, updated (with the diff) or left on the right, the
 * prerequisites added (a context field a promoted segment names that the right lacks), and what cannot be done as
 * it is (a segment of a project the right does not have: promoted as global or skipped, skipped until chosen).
 * Promotion never deletes on the right. The steps are what main then writes, in order: prerequisites first.
 */

export type PromoteStep =
  | { kind: 'segments'; name: string; action: 'create' | 'update'; after: BundleSegment }
  | { kind: 'strategyTypes'; name: string; action: 'create' | 'update'; after: BundleStrategyType }
  | { kind: 'contextFields'; name: string; action: 'create' | 'update'; after: BundleContextField }
  | { kind: 'corsOrigins'; name: string; action: 'create'; after: string };

export interface PlanSource {
  left: InstanceContent;
  right: InstanceContent;
  items: readonly ItemRef[];
  projectChoices?: readonly ProjectChoice[];
  /** The right's strategies using each segment (by name), shown on updates. */
  rightUsage?: ReadonlyMap<string, SegmentUse[]>;
}

export interface PlanCore {
  lines: PlanLine[];
  steps: PromoteStep[];
  counts: PlanCounts;
  summary: string;
}

type Json = Record<string, unknown>;
const asJson = (value: object): Json => value as Json;

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

export function buildPlan(source: PlanSource): PlanCore {
  const { left, right } = source;
  const wanted = new Map<CompareKind, Set<string>>(COMPARE_KINDS.map((kind) => [kind, new Set<string>()]));
  for (const item of source.items) wanted.get(item.kind)?.add(item.name);
  const choices = new Map((source.projectChoices ?? []).map((choice) => [choice.segment, choice.choice]));

  const lines: PlanLine[] = [];
  const steps: PromoteStep[] = [];
  const prerequisites = new Map<string, string[]>();

  // Segments first (their needs decide the prerequisites), though their steps run after context fields.
  const segmentLines: PlanLine[] = [];
  const segmentSteps: PromoteStep[] = [];
  const rightFields = new Set((right.contextFields ?? []).map((field) => field.name));
  const leftFields = new Map((left.contextFields ?? []).map((field) => [field.name, field]));
  const rightProjects = right.projects === null ? null : new Set(right.projects);
  for (const item of compareKind('segments', left, right).items) {
    if (!wanted.get('segments')?.has(item.name)) continue;
    const line = leaveOrGo(item.status, 'segments', item.name, item.left, item.right);
    if (line.action === 'leave') {
      segmentLines.push(line);
      continue;
    }
    let after = item.left as unknown as BundleSegment;
    if (after.project !== null && rightProjects !== null && !rightProjects.has(after.project)) {
      const choice = choices.get(item.name) ?? 'skip';
      const message = `The right has no project "${after.project}": promote "${item.name}" as a global segment, or skip it.`;
      line.problem = { code: 'project-missing', project: after.project, choice, message };
      if (choice === 'skip') {
        segmentLines.push({ ...line, action: 'skip', diff: null, reason: `Skipped: the right has no project "${after.project}".` });
        continue;
      }
      line.reason += ` As a global segment: the right has no project "${after.project}".`;
      after = { ...after, project: null };
      line.diff = semanticDiff(item.right, asJson(after));
    }
    if (line.action === 'update') {
      const uses = source.rightUsage?.get(item.name) ?? [];
      line.rightUsage = uses;
      if (uses.length > 0) {
        const live = uses.filter((use) => use.production).length;
        line.reason += ` ${plural(uses.length, 'flag strategy', 'flag strategies')} on the right ${uses.length === 1 ? 'uses' : 'use'} it (${live} in production): what they match changes.`;
      }
    }
    for (const constraint of after.constraints) {
      if (rightFields.has(constraint.contextName) || !leftFields.has(constraint.contextName)) continue;
      const needers = prerequisites.get(constraint.contextName) ?? [];
      if (!needers.includes(item.name)) needers.push(item.name);
      prerequisites.set(constraint.contextName, needers);
    }
    segmentLines.push(line);
    segmentSteps.push({ kind: 'segments', name: item.name, action: line.action as 'create' | 'update', after });
  }

  // Context fields: the selected ones and the prerequisites (a field both selected and needed is one line).
  for (const item of compareKind('contextFields', left, right).items) {
    const needers = prerequisites.get(item.name);
    if (!wanted.get('contextFields')?.has(item.name) && !needers) continue;
    const line = leaveOrGo(item.status, 'contextFields', item.name, item.left, item.right);
    if (needers) {
      line.prerequisiteFor = needers;
      if (!wanted.get('contextFields')?.has(item.name)) {
        line.reason = `Added: ${needers.map((name) => `"${name}"`).join(', ')} ${needers.length === 1 ? 'names' : 'name'} this context field, which the right lacks.`;
      }
    }
    lines.push(line);
    if (line.action === 'create' || line.action === 'update') {
      steps.push({ kind: 'contextFields', name: item.name, action: line.action, after: item.left as unknown as BundleContextField });
    }
  }

  for (const item of compareKind('strategyTypes', left, right).items) {
    if (!wanted.get('strategyTypes')?.has(item.name)) continue;
    const line = leaveOrGo(item.status, 'strategyTypes', item.name, item.left, item.right);
    lines.push(line);
    if (line.action === 'create' || line.action === 'update') {
      steps.push({ kind: 'strategyTypes', name: item.name, action: line.action, after: item.left as unknown as BundleStrategyType });
    }
  }

  lines.push(...segmentLines);
  steps.push(...segmentSteps);

  const cors = compareKind('corsOrigins', left, right);
  const rightOrigins = right.corsOrigins ?? [];
  for (const item of cors.items) {
    if (!wanted.get('corsOrigins')?.has(item.name)) continue;
    const line = leaveOrGo(item.status, 'corsOrigins', item.name, item.left, item.right);
    if (line.action === 'create') {
      line.reason = `Added to the right's front-end origins.`;
      if (originsMeaning(rightOrigins) === 'everyone' && item.name !== '*' && !rightOrigins.includes('*')) {
        line.reason += ' The right now lets every origin in (its list is empty); with this origin it lets in only the listed ones.';
      }
      if (item.name === '*') line.reason += ' With * the right lets every origin call its front-end API.';
      steps.push({ kind: 'corsOrigins', name: item.name, action: 'create', after: item.name });
    }
    lines.push(line);
  }

  const counts = countLines(lines);
  return { lines, steps, counts, summary: planSummary(counts) };
}

/** A selected item's line before any problem: create what only the left has, update what differs, leave the rest. */
function leaveOrGo(status: string, kind: CompareKind, name: string, left: Json | null, right: Json | null): PlanLine {
  const label = KIND_LABEL[kind].one;
  if (status === 'only-left') return { kind, name, action: 'create', reason: `Created on the right: it has no ${label} "${name}".`, diff: null };
  if (status === 'differs') return { kind, name, action: 'update', reason: `Updated on the right to the left's version.`, diff: semanticDiff(right, left) };
  if (status === 'same') return { kind, name, action: 'leave', reason: 'Already the same on both sides.', diff: null };
  return { kind, name, action: 'leave', reason: 'Only on the right: promotion never deletes.', diff: null };
}

export function countLines(lines: readonly PlanLine[]): PlanCounts {
  const counts: PlanCounts = { create: 0, update: 0, leave: 0, skip: 0, prerequisites: 0 };
  for (const line of lines) {
    counts[line.action] += 1;
    if (line.prerequisiteFor && line.action !== 'leave') counts.prerequisites += 1;
  }
  return counts;
}

export function planSummary(counts: PlanCounts): string {
  const parts = [`Create ${counts.create}`, `update ${counts.update}`, `leave ${counts.leave}`];
  let text = parts.join(', ');
  if (counts.prerequisites > 0) text += `; adds ${plural(counts.prerequisites, 'prerequisite')}`;
  if (counts.skip > 0) text += `; cannot promote ${counts.skip} as ${counts.skip === 1 ? 'it is' : 'they are'} (skipped)`;
  return `${text}.`;
}
