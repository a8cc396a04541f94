import { useCallback } from 'react';
import { useAfterPaint } from '../../lib/use-painted';
import type { Resolver } from 'react-hook-form';
import type { SegmentFormValues } from './segment-form-values';

/**
 * The form's rules (zod, the shared schemas): first needed by a save, since validation runs on submit and then on
 * each change, so the form's first frame does not wait for them.
 */
export const loadRules = () => import('./segment-form-schema');

/** The form's resolver at the instance's values limit. The rules are asked for once the form is painted. */
export function useFormRules(valuesLimit: number): Resolver<SegmentFormValues> {
  useAfterPaint('rules', () => void loadRules());
  return useCallback<Resolver<SegmentFormValues>>(
    async (values, context, options) => {
      // the values as they are when asked: the form changes its object in place, and a save clicked before the rules
      // are in would otherwise be checked (and sent) with what was typed after the click
      const asked = structuredClone(values);
      return (await loadRules()).segmentFormResolver(valuesLimit)(asked, context, options);
    },
    [valuesLimit],
  );
}
