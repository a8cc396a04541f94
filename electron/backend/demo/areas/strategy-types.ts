import type { CreateStrategyType, StrategyType, UpdateStrategy } from '../../../../shared/schemas';
import type { ParsedInput } from '../../../../shared/contract';
import { PATH_ID_MAX, strategyNameSchema } from '../../../../shared/schemas';
import { badDataDetails, nameExists, notFound, unknownError } from '../../errors';
import { copy, recordEvent, type DemoContext } from '../model/context';
import type { StrategyTypeRecord } from '../model/state';
import type { AreaOperations } from '../model/area-operations';

/** Strategy types (docs/server-behaviour.md#strategy-types): list, create, edit custom ones. */

const CUSTOM_SORT_ORDER = 9999;

function view(record: StrategyTypeRecord): StrategyType {
  return copy({
    displayName: record.displayName,
    name: record.name,
    editable: record.editable,
    description: record.description,
    parameters: record.parameters,
    deprecated: record.deprecated,
    title: record.title,
  });
}

/** Ordered by sort order, then name (strategy-store.ts). */
export function listStrategyTypes(ctx: DemoContext): StrategyType[] {
  return [...ctx.state.strategyTypes]
    .sort((a, b) => a.sortOrder - b.sortOrder || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(view);
}

/**
 * PUT /strategies/{name} (docs/server-behaviour.md#strategy-types): the path name wins; only description, title and parameters change (a missing
 * key is left alone, null clears); a built-in answers 500 "Cannot edit strategy X", as the real server does.
 */
export function updateStrategyType(ctx: DemoContext, { name, update: input }: ParsedInput<'strategyTypes.update'>): void {
  const record = ctx.state.strategyTypes.find((candidate) => candidate.name === name);
  if (!record) throw notFound('No strategy found');
  if (!record.editable) throw unknownError(`Cannot edit strategy ${name}`);
  if (input.description !== undefined) record.description = input.description;
  if (input.title !== undefined) record.title = input.title;
  record.parameters = copy(input.parameters);
  // data = joi-validated input with its defaults, and no preData, so the event is always stored
  recordEvent(ctx, {
    type: 'strategy-updated',
    data: eventData(name, input),
  });
  ctx.changed();
}

/** What strategy-created/-updated carry: the joi-validated input with its defaults, named by the path. */
function eventData(name: string, input: UpdateStrategy): Record<string, unknown> {
  return {
    name,
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.title !== undefined ? { title: input.title } : {}),
    parameters: copy(input.parameters),
    editable: true,
    deprecated: false,
  };
}

export function createStrategyType(ctx: DemoContext, input: CreateStrategyType): StrategyType {
  if (input.name === '') throw badDataDetails([{ message: '"name" is not allowed to be empty.' }]);
  if (input.name.length > PATH_ID_MAX) {
    throw badDataDetails([{ message: `"name" length must be less than or equal to ${PATH_ID_MAX} characters long. You provided "${input.name}".` }]);
  }
  if (!strategyNameSchema.safeParse(input.name).success) {
    throw badDataDetails([{ message: `"name" must be URL friendly. You provided "${input.name}".` }]);
  }
  if (ctx.state.strategyTypes.some((candidate) => candidate.name === input.name)) {
    throw nameExists(`Strategy with name ${input.name} already exist!`);
  }
  const record: StrategyTypeRecord = {
    name: input.name,
    displayName: null,
    description: input.description ?? null,
    editable: true,
    deprecated: false,
    parameters: copy(input.parameters),
    title: input.title ?? null,
    sortOrder: CUSTOM_SORT_ORDER,
  };
  ctx.state.strategyTypes.push(record);
  recordEvent(ctx, {
    type: 'strategy-created',
    data: eventData(input.name, input),
  });
  ctx.changed();
  return view(record);
}

/** This area's AdminBackend operations; demo/operations.ts spreads them (a new one is listed here only). */
export const operations = {
  listStrategyTypes,
  updateStrategyType,
  createStrategyType,
} satisfies AreaOperations;
