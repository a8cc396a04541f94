import { z } from 'zod';

/**
 * Zod building blocks that accept what Unleash's OpenAPI validator accepts. Unleash runs ajv with
 * `coerceTypes: true`, so scalars are converted before they are checked (a number sent for a string becomes a
 * string, "5" sent for an integer becomes 5). Each block carries ajv's own words as its zod message, so
 * validation-details.ts can render the detail Unleash would.
 */

function toStringLike(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return '';
  return value;
}

function toNumberLike(value: unknown, integer: boolean): unknown {
  if (typeof value === 'string' && value !== '' && Number.isFinite(Number(value))) {
    const number = Number(value);
    return integer && !Number.isInteger(number) ? value : number;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === null) return 0;
  return value;
}

function toBooleanLike(value: unknown): unknown {
  if (value === 'true' || value === 1) return true;
  if (value === 'false' || value === 0 || value === null) return false;
  return value;
}

function string(options: { minLength?: number } = {}) {
  let schema = z.string({ error: 'must be string' });
  if (options.minLength !== undefined) {
    schema = schema.min(options.minLength, { error: `must NOT have fewer than ${options.minLength} characters` });
  }
  return z.preprocess(toStringLike, schema);
}

/** `nullable: true` strings keep null; anything else is coerced as for a plain string. */
function nullableString() {
  return z.preprocess(
    (value) => (value === null ? null : toStringLike(value)),
    z.string({ error: 'must be string' }).nullable(),
  );
}

function numeric(integer: boolean, options: { min?: number; max?: number }) {
  const word = integer ? 'integer' : 'number';
  let schema = z.number({ error: `must be ${word}` });
  if (integer) schema = schema.int({ error: 'must be integer' });
  if (options.min !== undefined) schema = schema.min(options.min, { error: `must be >= ${options.min}` });
  if (options.max !== undefined) schema = schema.max(options.max, { error: `must be <= ${options.max}` });
  return z.preprocess((value) => toNumberLike(value, integer), schema);
}

function integer(options: { min?: number; max?: number } = {}) {
  return numeric(true, options);
}

function number(options: { min?: number; max?: number } = {}) {
  return numeric(false, options);
}

function boolean() {
  return z.preprocess(toBooleanLike, z.boolean({ error: 'must be boolean' }));
}

function nullableBoolean() {
  return z.preprocess(
    (value) => (value === null ? null : toBooleanLike(value)),
    z.boolean({ error: 'must be boolean' }).nullable(),
  );
}

/** An OpenAPI enum of strings; validation-details.ts renders Unleash's enum sentence from the issue. */
function enumOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(toStringLike, z.enum(values, { error: 'must be equal to one of the allowed values' }));
}

function array<T extends z.ZodType>(item: T) {
  return z.array(item, { error: 'must be array' });
}

/** An object that allows properties it does not declare (OpenAPI's default), keeping them. */
function object<T extends z.ZodRawShape>(shape: T) {
  return z.looseObject(shape, { error: 'must be object' });
}

/** An object with `additionalProperties: false`. */
function strictObject<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, { error: 'must be object' });
}

/** `type: object, additionalProperties: {type: string}` (strategy parameters). */
function stringRecord() {
  return z.record(z.string(), string(), { error: 'must be object' });
}

export const wire = {
  string,
  nullableString,
  integer,
  number,
  boolean,
  nullableBoolean,
  enumOf,
  array,
  object,
  strictObject,
  stringRecord,
};
