import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SegmentTester } from './segment-tester';

describe('segment tester', () => {
  it('shows which constraints pass and the first failure as the context is typed', () => {
    render(
      <SegmentTester
        constraints={[
          { contextName: 'userId', operator: 'STR_STARTS_WITH', values: ['u'] },
          { contextName: 'age', operator: 'NUM_GTE', value: '18' },
        ]}
      />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'userId' }), { target: { value: 'u1' } });
    expect(screen.getByText('Not in the segment: constraint 2 fails (age (not set) is not a number).')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'age' }), { target: { value: '21' } });
    expect(screen.getByText('This context is in the segment.', { selector: 'span' })).toBeTruthy();
  });

  it('labels every field, and gives none to a constraint that has no context field yet', () => {
    render(<SegmentTester constraints={[{ contextName: '', operator: 'IN', values: [] }]} />);
    const inputs = within(screen.getByRole('region', { name: 'Segment tester' })).getAllByRole('textbox');
    expect(inputs.map((input) => input.getAttribute('aria-describedby') !== null && (input.closest('label')?.textContent ?? ''))).toEqual(['userId']);
  });

  it('announces only the verdict, once typing settles, and not again while it stays the same', async () => {
    render(<SegmentTester constraints={[{ contextName: 'age', operator: 'NUM_GTE', value: '18' }]} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('This context is not in the segment.');
    const age = screen.getByRole('textbox', { name: 'age' });
    const heard: string[] = [];
    const observer = new MutationObserver(() => heard.push(status.textContent ?? ''));
    observer.observe(status, { childList: true, characterData: true, subtree: true });
    // Each keystroke changes the visible reason; the live region holds the verdict only.
    for (const typed of ['1', '17', '170', '1700', '17000']) {
      fireEvent.change(age, { target: { value: typed } });
      expect(status.textContent).not.toContain('constraint');
    }
    await waitFor(() => expect(status.textContent).toBe('This context is in the segment.'));
    fireEvent.change(age, { target: { value: '170000' } });
    fireEvent.change(age, { target: { value: '1700000' } });
    await new Promise((resolve) => setTimeout(resolve, 800));
    observer.disconnect();
    expect(heard).toEqual(['This context is in the segment.']);
  });

  it('names each operator in plain words, the same as the constraint builder, never by its id', () => {
    render(
      <SegmentTester
        constraints={[
          { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@acme.com'], inverted: true },
          { contextName: 'plan', operator: 'IN', values: ['pro', 'team'] },
          { contextName: 'appVersion', operator: 'SEMVER_GT', value: '1.2.0' },
        ]}
      />,
    );
    const lines = screen.getAllByRole('listitem').map((item) => item.querySelector('code')?.textContent);
    expect(lines).toEqual(['email does not end with @acme.com', 'plan is one of pro, team', 'appVersion is a version above 1.2.0']);
  });
});
