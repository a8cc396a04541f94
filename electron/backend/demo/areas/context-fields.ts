import type { OperationInput } from '../../admin-backend';
import type { ContextField } from '../../../../shared/schemas';
import { badDataDetails, nameExists, notFound } from '../../errors';
import { copy, recordEvent, type DemoContext } from '../model/context';
import type { ContextFieldRecord } from '../model/state';

/** Context fields: create and delete (Unleash's context controller and service). */

/** POST /api/admin/context: 201 with the field; a taken name is 409, duplicate legal values 400. */
export function createContextField(ctx: DemoContext, input: OperationInput<'createContextField'>): ContextField {
  if (ctx.state.contextFields.some((field) => field.name === input.name)) {
    throw nameExists('A context field with that name already exist');
  }
  const values = (input.legalValues ?? []).map((legal) => legal.value);
  const repeated = values.find((value, index) => values.indexOf(value) !== index);
  if (repeated !== undefined) {
    const index = values.lastIndexOf(repeated);
    throw badDataDetails([
      { message: `"legalValues[${index}]" contains a duplicate value. You provided ${JSON.stringify(input.legalValues?.[index])}.` },
    ]);
  }
  const field: ContextFieldRecord = {
    name: input.name,
    description: input.description ?? null,
    stickiness: input.stickiness ?? false,
    sortOrder: input.sortOrder ?? 0,
    legalValues: (input.legalValues ?? []).map((legal) => ({ ...legal })),
    createdAt: ctx.now(),
  };
  ctx.state.contextFields.push(field);
  // the event carries the validated input (6.10.1: name, the legal values as sent, stickiness defaulted)
  recordEvent(ctx, { type: 'context-field-created', data: copy({ ...input, stickiness: field.stickiness }) });
  ctx.changed();
  return copy(field);
}

/** DELETE /api/admin/context/{name}: 200; unknown is 404. */
export function deleteContextField(ctx: DemoContext, { name }: OperationInput<'deleteContextField'>): void {
  const index = ctx.state.contextFields.findIndex((field) => field.name === name);
  if (index < 0) throw notFound(`Could not find Context field with name ${name}`);
  const [removed] = ctx.state.contextFields.splice(index, 1);
  recordEvent(ctx, { type: 'context-field-deleted', preData: copy({ ...removed }) });
  ctx.changed();
}
