import { z } from 'zod';
import type { ContextField, CreateContextField, UpdateContextField } from '../../../shared/schemas';

/** What real servers refuse (docs/server-behaviour.md#context-fields), said before sending. */
export const LIMITS = { name: 100, description: 250, value: 100 } as const;

export function legalValueMessage(value: string): string | null {
  return value.length > LIMITS.value ? `“${value.slice(0, 20)}…” is longer than ${LIMITS.value} characters` : null;
}

/** The form: the name only when creating (a field is never renamed), legal values with their descriptions. */
export function contextFieldFormSchema(taken: ReadonlySet<string>, creating: boolean) {
  const name = creating
    ? z
        .string()
        .trim()
        .min(1, 'Give the field a name')
        .max(LIMITS.name, `At most ${LIMITS.name} characters`)
        .regex(/^[\w.~-]+$/, 'Use letters, digits and . _ ~ - only: the name becomes part of URLs')
        .refine((value) => !taken.has(value), 'A context field with this name already exists')
    : z.string();
  return z.object({
    name,
    description: z.string().max(LIMITS.description, `At most ${LIMITS.description} characters (the server refuses more)`),
    stickiness: z.boolean(),
    legalValues: z.array(z.object({ value: z.string(), description: z.string().max(LIMITS.description, `At most ${LIMITS.description} characters`) })),
  });
}
export type ContextFieldFormValues = z.infer<ReturnType<typeof contextFieldFormSchema>>;

export function formValuesOf(field?: ContextField): ContextFieldFormValues {
  return {
    name: field?.name ?? '',
    description: field?.description ?? '',
    stickiness: field?.stickiness ?? false,
    legalValues: (field?.legalValues ?? []).map((legal) => ({ value: legal.value, description: legal.description ?? '' })),
  };
}

/** The update's body: every part, since a server empties left-out legal values and resets left-out stickiness. */
export function updateOf(values: ContextFieldFormValues): UpdateContextField {
  return {
    description: values.description.trim(),
    stickiness: values.stickiness,
    legalValues: values.legalValues.map(({ value, description }) => ({ value, ...(description.trim() ? { description: description.trim() } : {}) })),
  };
}

export function createOf(values: ContextFieldFormValues): CreateContextField {
  const { description, ...rest } = updateOf(values);
  return { name: values.name.trim(), ...(description ? { description } : {}), ...rest };
}
