import type {
  BundleConstraint,
  BundleContextField,
  BundleSegment,
  BundleStrategyType,
  Constraint,
  ContextField,
  Segment,
  StrategyType,
} from '../../schemas';

/**
 * Admin API objects -> the comparable form a compare looks at and a bundle carries (shared/schemas/bundle.ts):
 * names instead of ids, absent and null alike, and what is a set sorted so that order never makes a difference.
 * Constraints are a set (order and the order of their values do not matter; operator, inversion and
 * case-insensitivity do), as are legal values and strategy parameters (by name).
 */

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function comparableConstraint(constraint: Constraint): BundleConstraint {
  return {
    contextName: constraint.contextName,
    operator: constraint.operator,
    values: [...new Set(constraint.values ?? [])].sort(byText),
    value: constraint.value === undefined || constraint.value === '' ? null : constraint.value,
    inverted: constraint.inverted ?? false,
    caseInsensitive: constraint.caseInsensitive ?? false,
  };
}

/** A set of constraints: each once, in a fixed order. */
export function comparableConstraints(constraints: readonly Constraint[]): BundleConstraint[] {
  const unique = new Map<string, BundleConstraint>();
  for (const constraint of constraints) {
    const normal = comparableConstraint(constraint);
    unique.set(JSON.stringify(normal), normal);
  }
  return [...unique.entries()].sort(([a], [b]) => byText(a, b)).map(([, constraint]) => constraint);
}

export function comparableSegment(segment: Pick<Segment, 'name' | 'description' | 'project' | 'constraints'>): BundleSegment {
  return {
    name: segment.name,
    description: segment.description ?? '',
    project: segment.project ?? null,
    constraints: comparableConstraints(segment.constraints),
  };
}

export function comparableStrategyType(type: StrategyType): BundleStrategyType {
  return {
    name: type.name,
    title: type.title ?? '',
    description: type.description ?? '',
    parameters: type.parameters
      .map((parameter) => ({
        name: parameter.name,
        type: parameter.type,
        description: parameter.description ?? '',
        required: parameter.required ?? false,
      }))
      .sort((a, b) => byText(a.name, b.name)),
  };
}

export function comparableContextField(field: ContextField): BundleContextField {
  const legal = new Map<string, string>();
  for (const entry of field.legalValues ?? []) legal.set(entry.value, entry.description ?? '');
  return {
    name: field.name,
    description: field.description ?? '',
    stickiness: field.stickiness ?? false,
    legalValues: [...legal.entries()].sort(([a], [b]) => byText(a, b)).map(([value, description]) => ({ value, description })),
  };
}

/** Origins as a set. */
export function comparableOrigins(origins: readonly string[]): string[] {
  return [...new Set(origins)].sort(byText);
}
