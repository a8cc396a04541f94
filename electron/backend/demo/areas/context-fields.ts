import type { OperationInput } from '../../admin-backend';
import type { ContextField } from '../../../../shared/schemas';
import { badDataDetails, nameExists, notFound } from '../../errors';
import { copy, recordEvent, type DemoContext } from '../model/context';
import type { ContextFieldRecord } from '../model/state';

/** Context fields: create, update and delete (Unleash's context controller and service). */

/** POST /api/admin/context: 201 with the field; a taken name is 409, duplicate legal values 400. */
export function createContextField(ctx: DemoContext, input: OperationInput<'createContextField'>): ContextField {
  if (ctx.state.contextFields.some((field) => field.name === input.name)) {
    throw nameExists('A context field with that name already exist');
  }
  checkBody(input);
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

/**
 * PUT /api/admin/context/{name}: 200 without a body. As 6.10.1 stores it: the legal values become the ones sent
 * (none when left out), stickiness false when left out, a description left out stays, sortOrder is not changed.
 */
export function updateContextField(ctx: DemoContext, { name, update }: OperationInput<'updateContextField'>): void {
  const field = ctx.state.contextFields.find((candidate) => candidate.name === name);
  if (!field) throw notFound(`Could not find Context field with name ${name}`);
  checkBody(update);
  const preData = { name: field.name, stickiness: field.stickiness, description: field.description, legalValues: copy(field.legalValues) };
  const stickiness = update.stickiness ?? false;
  if (update.description !== undefined) field.description = update.description;
  field.stickiness = stickiness;
  field.legalValues = (update.legalValues ?? []).map((legal) => ({ ...legal }));
  // the event's data is the validated body with the path's name last, as 6.10.1 records it
  recordEvent(ctx, { type: 'context-field-updated', data: copy({ ...update, stickiness, name }), preData });
  ctx.changed();
}

/** DELETE /api/admin/context/{name}: 200 whatever uses it (the server does not look); unknown is 404. */
export function deleteContextField(ctx: DemoContext, { name }: OperationInput<'deleteContextField'>): void {
  const index = ctx.state.contextFields.findIndex((field) => field.name === name);
  if (index < 0) throw notFound(`Could not find Context field with name ${name}`);
  const [removed] = ctx.state.contextFields.splice(index, 1);
  recordEvent(ctx, { type: 'context-field-deleted', preData: copy({ ...removed }) });
  ctx.changed();
}

const DESCRIPTION_MAX = 250;
const VALUE_MAX = 100;

/** joi's contextSchema, first failure wins: description length, then each legal value, then duplicates. */
function checkBody(body: { description?: string | undefined; legalValues?: { value: string; description?: string | undefined }[] | undefined }): void {
  const fail = (message: string) => badDataDetails([{ message }]);
  if (body.description !== undefined && body.description.length > DESCRIPTION_MAX) {
    throw fail(`"description" length must be less than or equal to ${DESCRIPTION_MAX} characters long. You provided ${JSON.stringify(body.description)}.`);
  }
  const legal = body.legalValues ?? [];
  legal.forEach(({ value }, index) => {
    if (value === '') throw fail(`"legalValues[${index}].value" is not allowed to be empty.`);
    if (value.length > VALUE_MAX) {
      throw fail(`"legalValues[${index}].value" length must be less than or equal to ${VALUE_MAX} characters long. You provided ${JSON.stringify(value)}.`);
    }
  });
  const values = legal.map((item) => item.value);
  const repeated = values.find((value, index) => values.indexOf(value) !== index);
  if (repeated !== undefined) {
    const index = values.lastIndexOf(repeated);
    throw fail(`"legalValues[${index}]" contains a duplicate value. You provided ${JSON.stringify(legal[index])}.`);
  }
}
