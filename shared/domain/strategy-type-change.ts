import { PARAMETER_TYPES, type StrategyParameter, type StrategyParameterInput } from '../schemas/strategy-type';

/**
 * What changing a strategy type does to the flag strategies that use it. Unleash keeps a strategy's parameters as a
 * name -> string map and never rewrites them when the type changes, so a renamed or removed parameter leaves its
 * value orphaned (the flag's form then shows the wrong field), and a new required parameter or a new type applies
 * to values that were written for the old one.
 */

/** A flag strategy of the type, with the parameters it stores. */
export interface StrategyUsage {
  projectId: string;
  featureName: string;
  environment: string;
  strategyId: string;
  parameters: Readonly<Record<string, string>>;
}

export type ParameterField = 'type' | 'required' | 'description';

export type ParameterDiff =
  | { kind: 'added'; after: StrategyParameterInput }
  | { kind: 'removed'; before: StrategyParameter }
  | { kind: 'renamed'; before: StrategyParameter; after: StrategyParameterInput; fields: ParameterField[] }
  | { kind: 'changed'; before: StrategyParameter; after: StrategyParameterInput; fields: ParameterField[] };

export interface TypeDiff {
  description?: { before: string; after: string };
  title?: { before: string; after: string };
  parameters: ParameterDiff[];
}

export type UsageProblem =
  | { kind: 'orphaned-value'; parameter: string; value: string; renamedTo?: string }
  | { kind: 'missing-required'; parameter: string }
  | { kind: 'type-mismatch'; parameter: string; value: string; type: string };

export interface BrokenUsage {
  usage: StrategyUsage;
  problems: UsageProblem[];
}

export interface StrategyTypeChange {
  diff: TypeDiff;
  broken: BrokenUsage[];
  /** Whether saving needs the admin's explicit confirmation. */
  breaking: boolean;
}

export interface TypeShape {
  description?: string | null;
  title?: string | null;
  parameters: readonly (StrategyParameter | StrategyParameterInput)[];
}

/** Whether a stored string fits a parameter type as the SDKs read it. */
export function valueFitsType(value: string, type: string): boolean {
  switch (type) {
    case 'percentage': {
      if (!/^\d{1,3}$/.test(value.trim())) return false;
      return Number(value) <= 100;
    }
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value));
    case 'boolean':
      return value === 'true' || value === 'false';
    default:
      return true;
  }
}

/**
 * The parameters paired by name. A parameter whose name is gone is removed and a new name is added, unless the
 * admin renamed it (`renames`: new name -> old name, as the editor's rows record it): never guessed from positions,
 * since removing one parameter shifts every later one.
 */
function diffParameters(
  before: readonly StrategyParameter[],
  after: readonly StrategyParameterInput[],
  renames: Readonly<Record<string, string>>,
): ParameterDiff[] {
  const beforeByName = new Map(before.map((p) => [p.name, p]));
  const afterNames = new Set(after.map((p) => p.name));
  const renamedFrom = new Map<string, StrategyParameter>();
  for (const next of after) {
    const from = Object.hasOwn(renames, next.name) ? renames[next.name] : undefined;
    const previous = from === undefined ? undefined : beforeByName.get(from);
    // a rename holds only while the old name is gone and the new one was not there before
    if (!previous || afterNames.has(previous.name) || beforeByName.has(next.name)) continue;
    if ([...renamedFrom.values()].includes(previous)) continue;
    renamedFrom.set(next.name, previous);
  }
  const renamedBefore = new Set(renamedFrom.values());
  const diffs: ParameterDiff[] = [];
  for (const p of before) if (!afterNames.has(p.name) && !renamedBefore.has(p)) diffs.push({ kind: 'removed', before: p });
  for (const next of after) {
    const renamed = renamedFrom.get(next.name);
    if (renamed) {
      diffs.push({ kind: 'renamed', before: renamed, after: next, fields: changedFields(renamed, next) });
      continue;
    }
    const previous = beforeByName.get(next.name);
    if (!previous) {
      diffs.push({ kind: 'added', after: next });
      continue;
    }
    const fields = changedFields(previous, next);
    if (fields.length > 0) diffs.push({ kind: 'changed', before: previous, after: next, fields });
  }
  return diffs;
}

function changedFields(previous: StrategyParameter, next: StrategyParameterInput): ParameterField[] {
  const fields: ParameterField[] = [];
  if (previous.type !== next.type) fields.push('type');
  if (Boolean(previous.required) !== Boolean(next.required)) fields.push('required');
  if ((previous.description ?? '') !== (next.description ?? '')) fields.push('description');
  return fields;
}

function textChange(before: string | null | undefined, after: string | null | undefined) {
  const a = before ?? '';
  const b = after ?? '';
  return a === b ? undefined : { before: a, after: b };
}

/** New parameter name -> the stored name it was renamed from, as the admin renamed it. */
export type ParameterRenames = Readonly<Record<string, string>>;

/** The type's diff (before -> after). A PUT leaves a missing description/title unchanged, so only set ones count. */
export function diffStrategyType(before: TypeShape, after: TypeShape, renames: ParameterRenames = {}): TypeDiff {
  const description = after.description === undefined ? undefined : textChange(before.description, after.description);
  const title = after.title === undefined ? undefined : textChange(before.title, after.title);
  return {
    ...(description ? { description } : {}),
    ...(title ? { title } : {}),
    parameters: diffParameters(before.parameters, after.parameters as StrategyParameterInput[], renames),
  };
}

function problemsOf(usage: StrategyUsage, before: TypeShape, after: TypeShape, diff: TypeDiff): UsageProblem[] {
  const problems: UsageProblem[] = [];
  const stored = (name: string) => (Object.hasOwn(usage.parameters, name) ? usage.parameters[name] : undefined);
  for (const change of diff.parameters) {
    if (change.kind === 'removed' || change.kind === 'renamed') {
      const value = stored(change.before.name);
      if (value === undefined || value === '') continue;
      problems.push({
        kind: 'orphaned-value',
        parameter: change.before.name,
        value,
        ...(change.kind === 'renamed' ? { renamedTo: change.after.name } : {}),
      });
    }
  }
  for (const parameter of after.parameters) {
    const value = stored(parameter.name);
    const previous = before.parameters.find((p) => p.name === parameter.name);
    const newlyRequired = parameter.required === true && previous?.required !== true;
    if (newlyRequired && (value === undefined || value === '')) {
      problems.push({ kind: 'missing-required', parameter: parameter.name });
    }
    const typeChanged = previous !== undefined && previous.type !== parameter.type;
    if (typeChanged && value !== undefined && value !== '' && !valueFitsType(value, parameter.type)) {
      problems.push({ kind: 'type-mismatch', parameter: parameter.name, value, type: parameter.type });
    }
  }
  return problems;
}

/** The diff of a type change and every flag strategy it breaks, with the stored values at stake. */
export function analyseStrategyTypeChange(
  before: TypeShape,
  after: TypeShape,
  usages: readonly StrategyUsage[],
  renames: ParameterRenames = {},
): StrategyTypeChange {
  const diff = diffStrategyType(before, after, renames);
  const broken = usages.flatMap((usage) => {
    const problems = problemsOf(usage, before, after, diff);
    return problems.length > 0 ? [{ usage, problems }] : [];
  });
  return { diff, broken, breaking: broken.length > 0 };
}

/** Plain words for a problem, naming the stored value. */
export function describeUsageProblem(problem: UsageProblem): string {
  switch (problem.kind) {
    case 'orphaned-value':
      return problem.renamedTo
        ? `"${problem.parameter}" is renamed to "${problem.renamedTo}": the stored value "${problem.value}" stays under the old name and is no longer read`
        : `"${problem.parameter}" is removed: the stored value "${problem.value}" is orphaned`;
    case 'missing-required':
      return `"${problem.parameter}" becomes required, and this strategy has no value for it`;
    case 'type-mismatch':
      return `"${problem.parameter}" becomes ${problem.type}, and the stored value "${problem.value}" is not one`;
  }
}

/** Problems of one parameter row of the editor, as typed. */
export type ParameterRowProblem = 'blank' | 'padded' | 'duplicate' | 'unknown-type';

export const PARAMETER_ROW_PROBLEM_TEXT: Record<ParameterRowProblem, string> = {
  blank: 'A parameter needs a name.',
  padded: 'Spaces around the name: strategies would store it with the spaces.',
  duplicate: 'Another parameter has this name: a strategy can hold only one value per name.',
  'unknown-type': `The server accepts only these types: ${PARAMETER_TYPES.join(', ')}.`,
};

/** Each row's problems, index for index (Unleash's own editor saves duplicates without a word). */
export function validateParameterRows(rows: readonly { name: string; type: string }[]): ParameterRowProblem[][] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.name.trim(), (counts.get(row.name.trim()) ?? 0) + 1);
  return rows.map((row) => {
    const problems: ParameterRowProblem[] = [];
    if (row.name.trim() === '') problems.push('blank');
    else {
      if (row.name !== row.name.trim()) problems.push('padded');
      if ((counts.get(row.name.trim()) ?? 0) > 1) problems.push('duplicate');
    }
    if (!(PARAMETER_TYPES as readonly string[]).includes(row.type)) problems.push('unknown-type');
    return problems;
  });
}
