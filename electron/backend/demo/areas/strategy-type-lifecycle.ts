import type { ParsedInput } from '../../../../shared/contract';
import { notFound, unknownError } from '../../errors';
import { recordEvent, type DemoContext } from '../model/context';
import type { StrategyTypeRecord } from '../model/state';
import type { AreaOperations } from '../model/area-operations';

/**
 * Deprecate, reactivate and delete a strategy type, as real 6.10.1 answers them (docs/server-behaviour.md#strategy-types):
 * each 200 without a body and an event carrying only the name; a repeat is accepted and recorded again; a built-in can
 * be deprecated and reactivated but not deleted (500 "Cannot edit strategy X"). The server does not look at flags: a
 * deleted type's flag strategies stay, naming it (Flagdesk refuses that delete in main, not here).
 */

function find(ctx: DemoContext, name: string): StrategyTypeRecord | undefined {
  return ctx.state.strategyTypes.find((candidate) => candidate.name === name);
}

function setDeprecated(ctx: DemoContext, record: StrategyTypeRecord, deprecated: boolean): void {
  record.deprecated = deprecated;
  recordEvent(ctx, { type: deprecated ? 'strategy-deprecated' : 'strategy-reactivated', data: { name: record.name } });
  ctx.changed();
}

/** POST /strategies/{name}/deprecate: its 404 words differ from the other two routes', as the server's do. */
export function deprecateStrategyType(ctx: DemoContext, { name }: ParsedInput<'strategyTypes.deprecate'>): void {
  const record = find(ctx, name);
  if (!record) throw notFound(`Could not find strategy with name ${name}`);
  setDeprecated(ctx, record, true);
}

export function reactivateStrategyType(ctx: DemoContext, { name }: ParsedInput<'strategyTypes.reactivate'>): void {
  const record = find(ctx, name);
  if (!record) throw notFound('No strategy found');
  setDeprecated(ctx, record, false);
}

export function deleteStrategyType(ctx: DemoContext, { name }: ParsedInput<'strategyTypes.delete'>): void {
  const record = find(ctx, name);
  if (!record) throw notFound('No strategy found');
  if (!record.editable) throw unknownError(`Cannot edit strategy ${name}`);
  ctx.state.strategyTypes.splice(ctx.state.strategyTypes.indexOf(record), 1);
  recordEvent(ctx, { type: 'strategy-deleted', data: { name } });
  ctx.changed();
}

/** This area's AdminBackend operations; demo/operations.ts spreads them (a new one is listed here only). */
export const operations = {
  deprecateStrategyType,
  reactivateStrategyType,
  deleteStrategyType,
} satisfies AreaOperations;
