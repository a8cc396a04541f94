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
  return useCallback<Resolver<SegmentFormValues>>(async (...args) => (await loadRules()).segmentFormResolver(valuesLimit)(...args), [valuesLimit]);
}
