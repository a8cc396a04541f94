import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DeferredComboBox } from './deferred-combo-box';

function Field() {
  const [text, setText] = useState('user');
  return (
    <DeferredComboBox
      label="Context field"
      options={[
        { id: 'userId', label: 'userId' },
        { id: 'region', label: 'region' },
      ]}
      selectedKey={null}
      onSelectionChange={(key) => key !== null && setText(key)}
      allowsCustomValue
      inputValue={text}
      onInputChange={setText}
    />
  );
}

describe('DeferredComboBox', () => {
  it('shows its value in a text box at once, keeps what is typed there, and offers the choices once loaded', async () => {
    render(<Field />);
    // the first frame: the value and the label, the choices not yet
    const box = screen.getByRole('combobox', { name: 'Context field' });
    expect(box).toHaveProperty('value', 'user');
    expect(screen.getByRole('button', { name: /^Show context field choices/ })).toHaveProperty('disabled', true);
    fireEvent.change(box, { target: { value: 'reg' } });

    const trigger = await waitFor(() => {
      const button = screen.getByRole('button', { name: /^Show context field choices/ });
      expect(button).toHaveProperty('disabled', false);
      return button;
      // React Aria's first import in a test worker can take seconds on a busy machine
    }, { timeout: 15_000 });
    expect(screen.getByRole('combobox', { name: 'Context field' })).toHaveProperty('value', 'reg');
    fireEvent.click(trigger);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['userId', 'region']);
  }, 20_000);
});
