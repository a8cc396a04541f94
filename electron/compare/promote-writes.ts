import type {
  BundleContextField,
  BundleSegment,
  BundleStrategyType,
  CompareKind,
  ConstraintInput,
  ParameterType,
  StepAction,
} from '../../shared/schemas';
import type { PromoteStep } from '../../shared/domain/compare/plan';
import type { Operator } from '../../shared/domain/operators';
import { ApiError } from '../../shared/errors';
import type { AdminBackend } from '../backend/admin-backend';

/**
 * The writes of a promotion and of its revert, one item each, through the backend's ordinary operations (so each is
 * an ordinary, audited write on the right server). A write names items, never ids: an id is looked up on the right
 * when the write happens.
 */

/** What a revert needs of one done step: what it did and, for an update, the right's version it replaced. */
export type DoneStep =
  | { kind: 'segments'; name: string; action: 'create' | 'update'; before: BundleSegment | null }
  | { kind: 'strategyTypes'; name: string; action: 'create' | 'update'; before: BundleStrategyType | null }
  | { kind: 'contextFields'; name: string; action: 'create' | 'update'; before: BundleContextField | null }
  | { kind: 'corsOrigins'; name: string; action: 'create'; before: null };

export type RevertStep = { kind: CompareKind; name: string; action: Extract<StepAction, 'delete' | 'restore'>; source: DoneStep };

function segmentBody(segment: BundleSegment) {
  return {
    name: segment.name,
    description: segment.description,
    project: segment.project,
    constraints: segment.constraints.map((constraint): ConstraintInput => ({
      contextName: constraint.contextName,
      operator: constraint.operator as Operator,
      values: constraint.values,
      ...(constraint.value === null ? {} : { value: constraint.value }),
      inverted: constraint.inverted,
      caseInsensitive: constraint.caseInsensitive,
    })),
  };
}

function strategyTypeBody(type: BundleStrategyType) {
  return {
    title: type.title,
    description: type.description,
    parameters: type.parameters.map((parameter) => ({ ...parameter, type: parameter.type as ParameterType })),
  };
}

function contextFieldBody(field: BundleContextField) {
  return { description: field.description, stickiness: field.stickiness, legalValues: field.legalValues };
}

/** Segment ids by name, as the right answered when the run began (a write looks one up there first). */
export type SegmentIds = ReadonlyMap<string, number>;

async function segmentId(backend: AdminBackend, name: string, known?: SegmentIds): Promise<number> {
  const id = known?.get(name);
  if (id !== undefined) return id;
  const found = (await backend.listSegments()).find((segment) => segment.name === name);
  if (!found) throw new ApiError(404, 'NotFoundError', `The right has no segment "${name}" (any more).`);
  return found.id;
}

async function origins(backend: AdminBackend): Promise<string[]> {
  return (await backend.getUiConfig()).frontendApiOrigins ?? [];
}

/** Writes one step of a plan on the right. */
export async function writeStep(backend: AdminBackend, step: PromoteStep, ids?: SegmentIds): Promise<void> {
  switch (step.kind) {
    case 'segments':
      if (step.action === 'create') await backend.createSegment(segmentBody(step.after));
      else await backend.updateSegment({ id: await segmentId(backend, step.name, ids), segment: segmentBody(step.after) });
      return;
    case 'strategyTypes':
      if (step.action === 'create') await backend.createStrategyType({ name: step.name, ...strategyTypeBody(step.after) });
      else await backend.updateStrategyType({ name: step.name, update: strategyTypeBody(step.after) });
      return;
    case 'contextFields':
      if (step.action === 'create') await backend.createContextField({ name: step.name, ...contextFieldBody(step.after) });
      else await backend.updateContextField({ name: step.name, update: contextFieldBody(step.after) });
      return;
    case 'corsOrigins': {
      const current = await origins(backend);
      if (!current.includes(step.after)) await backend.setFrontendApiOrigins({ origins: [...current, step.after] });
      return;
    }
  }
}

/** The revert of a done step: delete what it created, put back what it replaced. */
export function revertOf(done: DoneStep): RevertStep {
  return { kind: done.kind, name: done.name, action: done.action === 'create' ? 'delete' : 'restore', source: done };
}

export async function writeRevert(backend: AdminBackend, step: RevertStep): Promise<void> {
  const done = step.source;
  switch (done.kind) {
    case 'segments':
      if (done.action === 'create') await backend.deleteSegment({ id: await segmentId(backend, done.name) });
      else if (done.before) await backend.updateSegment({ id: await segmentId(backend, done.name), segment: segmentBody(done.before) });
      return;
    case 'strategyTypes':
      if (done.action === 'create') await backend.deleteStrategyType({ name: done.name });
      else if (done.before) await backend.updateStrategyType({ name: done.name, update: strategyTypeBody(done.before) });
      return;
    case 'contextFields':
      if (done.action === 'create') await backend.deleteContextField({ name: done.name });
      else if (done.before) await backend.updateContextField({ name: done.name, update: contextFieldBody(done.before) });
      return;
    case 'corsOrigins': {
      const current = await origins(backend);
      if (current.includes(done.name)) await backend.setFrontendApiOrigins({ origins: current.filter((origin) => origin !== done.name) });
      return;
    }
  }
}
