import { z } from 'zod';
import { PARAMETER_ROW_PROBLEM_TEXT, validateParameterRows } from '../../../shared/domain/strategy-type-change';
import { PARAMETER_TYPES, type StrategyType, type UpdateStrategy } from '../../../shared/schemas';

/** The strategy type editor's form: its values from a stored type, and the PUT body back from them. */
export const formSchema = z
  .object({
    description: z.string(),
    title: z.string(),
    parameters: z.array(
      z.object({
        name: z.string(),
        type: z.enum(PARAMETER_TYPES),
        description: z.string(),
        required: z.boolean(),
        /** The stored name this row was loaded as (null for a new row): editing its name renames that parameter. */
        storedAs: z.string().nullable(),
      }),
    ),
  })
  .superRefine((value, ctx) => {
    validateParameterRows(value.parameters).forEach((problems, index) => {
      for (const problem of problems) {
        ctx.addIssue({ code: 'custom', path: ['parameters', index, 'name'], message: PARAMETER_ROW_PROBLEM_TEXT[problem] });
      }
    });
  });
export type FormValues = z.infer<typeof formSchema>;

export function valuesOf(type: Pick<StrategyType, 'description' | 'title' | 'parameters'>): FormValues {
  return {
    description: type.description ?? '',
    title: type.title ?? '',
    parameters: type.parameters.map((p) => ({
      name: p.name,
      type: (PARAMETER_TYPES as readonly string[]).includes(p.type) ? (p.type as FormValues['parameters'][number]['type']) : 'string',
      description: p.description ?? '',
      required: p.required ?? false,
      storedAs: p.name,
    })),
  };
}

/** Each renamed row's new name -> its stored name: a rename is what the admin did to a row, never a guess. */
export function renamesOf(rows: FormValues['parameters']): Record<string, string> {
  return Object.fromEntries(rows.flatMap((row) => (row.storedAs !== null && row.storedAs !== row.name ? [[row.name, row.storedAs]] : [])));
}

/**
 * The PUT body with only what the admin changed: an untouched empty title or description is left out (the server
 * keeps its null), and a parameter keeps its stored description and required flag unless they were edited.
 */
export function updateOf(type: StrategyType, values: FormValues): UpdateStrategy {
  const stored = new Map(type.parameters.map((p) => [p.name, p]));
  return {
    ...(values.description !== (type.description ?? '') ? { description: values.description } : {}),
    ...(values.title !== (type.title ?? '') ? { title: values.title } : {}),
    parameters: values.parameters.map((row) => {
      const was = row.storedAs === null ? undefined : stored.get(row.storedAs);
      const description = was && row.description === (was.description ?? '') ? was.description : row.description;
      const required = was && row.required === (was.required ?? false) ? was.required : row.required;
      return {
        name: row.name,
        type: row.type,
        ...(typeof description === 'string' ? { description } : {}),
        ...(typeof required === 'boolean' ? { required } : {}),
      };
    }),
  };
}
