import { fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { expect, it, vi } from 'vitest';
import { useFormRules } from './segment-form-rules';
import type { SegmentFormValues } from './segment-form-values';

// the rules (zod) arrive when the test lets them, as a slow load of their chunk would
let arrive: () => void = () => undefined;
const arrived = new Promise<void>((resolve) => (arrive = resolve));
vi.mock('./segment-form-schema', async () => {
  await arrived;
  return vi.importActual('./segment-form-schema');
});

function Form({ onSave }: { onSave: (values: SegmentFormValues) => void }) {
  const resolver = useFormRules(1000);
  const { register, handleSubmit } = useForm<SegmentFormValues>({ resolver, defaultValues: { name: '', description: '', project: '', constraints: [] } });
  return (
    <form onSubmit={(event) => void handleSubmit(onSave)(event)}>
      <label>
        Name
        <input {...register('name')} />
      </label>
      <button type="submit">Save</button>
    </form>
  );
}

it('a save clicked before the rules are in is checked with the values of the click, not what was typed after it', async () => {
  const onSave = vi.fn();
  render(<Form onSave={onSave} />);
  // no name: the rules refuse it
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'typed-after-the-click' } });
  arrive();
  await vi.dynamicImportSettled();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(onSave).not.toHaveBeenCalled();
  // a save now is checked with the name, and sent
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
  expect(onSave.mock.calls[0]?.[0]).toMatchObject({ name: 'typed-after-the-click' });
});
