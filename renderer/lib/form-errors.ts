import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../shared/errors';

/**
 * Puts a failed save's server `details` on the form's fields: a detail whose `path` ("name",
 * "constraints.0.values", "/constraints/0/values") names a field of the form is set on it. Returns true when
 * every detail found a field; otherwise the caller shows the error in the banner next to the action.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  isField: (path: string) => boolean,
): boolean {
  if (!(error instanceof ApiError) || !error.details || error.details.length === 0) return false;
  let placed = 0;
  for (const detail of error.details) {
    const path = detail.path?.replace(/^[/.]+/, '').replaceAll('/', '.');
    if (path && isField(path)) {
      setError(path as Path<T>, { type: 'server', message: detail.message });
      placed += 1;
    }
  }
  return placed === error.details.length;
}
