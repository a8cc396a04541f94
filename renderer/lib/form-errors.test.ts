import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/errors';
import { applyServerErrors } from './form-errors';

describe('server errors on form fields', () => {
  const isField = (path: string) => path === 'name' || path.startsWith('constraints.');

  it('sets each detail on the field its path names', () => {
    const setError = vi.fn();
    const error = new ApiError(400, 'BadDataError', 'bad', [
      { path: 'name', message: 'already exists' },
      { path: '/constraints/0/values', message: 'too many values' },
    ]);
    expect(applyServerErrors(error, setError, isField)).toBe(true);
    expect(setError).toHaveBeenCalledWith('name', { type: 'server', message: 'already exists' });
    expect(setError).toHaveBeenCalledWith('constraints.0.values', { type: 'server', message: 'too many values' });
  });

  it('leaves the banner to show what no field can', () => {
    const setError = vi.fn();
    expect(applyServerErrors(new ApiError(500, 'UnknownError', 'boom'), setError, isField)).toBe(false);
    expect(applyServerErrors(new ApiError(400, 'BadDataError', 'bad', [{ message: 'no path' }]), setError, isField)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
