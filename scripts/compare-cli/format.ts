import type { CompareResult, PromotePlan, PromoteResult } from '../../shared/schemas';
import { KIND_LABEL } from '../../shared/domain/compare/compare-instances';
import type { DiffEntry } from '../../shared/domain/semantic-diff';

/** The CLI's text output: per kind its counts, then every item that is not the same, with its diff. */

const STATUS_TEXT = { same: 'same', differs: 'differs', 'only-left': 'only left', 'only-right': 'only right' } as const;

function entryText(entry: DiffEntry): string {
  switch (entry.kind) {
    case 'added':
      return `${entry.path}: added ${entry.after}`;
    case 'removed':
      return `${entry.path}: removed ${entry.before}`;
    case 'changed':
      return `${entry.path}: ${entry.before} -> ${entry.after}`;
    case 'list':
      return `${entry.path}: ${entry.summary}${entry.added.length ? ` (+ ${entry.added.join(', ')})` : ''}${entry.removed.length ? ` (- ${entry.removed.join(', ')})` : ''}`;
  }
}

export function compareText(result: CompareResult): string {
  const side = (info: CompareResult['left']) => `${info.label}${info.version ? ` (${info.version})` : ''}`;
  const lines = [`Left:  ${side(result.left)}`, `Right: ${side(result.right)}`];
  for (const kind of result.kinds) {
    const { counts } = kind;
    lines.push('', `${KIND_LABEL[kind.kind].many}: ${counts.same} same, ${counts.differs} differ, ${counts.onlyLeft} only left, ${counts.onlyRight} only right`);
    if (kind.unavailable) lines.push(`  ${kind.unavailable}`);
    if (kind.origins?.behaviour) lines.push(`  ${kind.origins.behaviour}`);
    for (const item of kind.items) {
      if (item.status === 'same') continue;
      let head = `  ${STATUS_TEXT[item.status].padEnd(10)}  ${item.name}`;
      if (item.usage) {
        const live = item.usage.right.filter((use) => use.production).length;
        head += `  (right: used by ${item.usage.right.length} strateg${item.usage.right.length === 1 ? 'y' : 'ies'}, ${live} in production)`;
      }
      lines.push(head);
      for (const entry of item.diff?.entries ?? []) lines.push(`      ${entryText(entry)}`);
    }
  }
  const t = result.totals;
  lines.push('', t.differs + t.onlyLeft + t.onlyRight === 0 ? 'The same.' : `They differ: ${t.differs} differ, ${t.onlyLeft} only left, ${t.onlyRight} only right.`);
  return `${lines.join('\n')}\n`;
}

export function planText(plan: PromotePlan): string {
  const lines = ['', `Plan: ${plan.summary}`];
  for (const line of plan.lines) {
    if (line.action === 'leave') continue;
    lines.push(`  ${line.action.padEnd(6)}  ${KIND_LABEL[line.kind].one} ${line.name}: ${line.reason}`);
    if (line.problem) lines.push(`          ${line.problem.message}`);
  }
  if (plan.blocked) lines.push(`Blocked: ${plan.blocked}`);
  return `${lines.join('\n')}\n`;
}

export function resultText(result: PromoteResult): string {
  const lines = ['', result.summary];
  for (const step of result.steps) lines.push(`  ${step.outcome.padEnd(7)}  ${step.action} ${KIND_LABEL[step.kind].one} ${step.name}${step.error ? `: ${step.error}` : ''}`);
  return `${lines.join('\n')}\n`;
}
