import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/errors';
import { ErrorBanner } from './error-banner';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ErrorBanner says what an error is', () => {
  it('an unreachable server: the reason, and Retry', () => {
    const retry = vi.fn();
    const error = new ApiError(0, 'NetworkError', 'Could not reach http://nope.invalid: the host name could not be resolved (DNS).');
    render(<ErrorBanner error={error} action="Loading segments" onRetry={retry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Loading segments failed: the server cannot be reached');
    expect(alert.textContent).toContain('the host name could not be resolved (DNS)');
    expect(within(alert).queryByRole('button', { name: 'Copy details' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('a refusal: the server’s status and message, with its details', () => {
    const error = new ApiError(409, 'NameExistsError', 'Segment name already exists', [{ path: 'name', message: 'taken' }]);
    render(<ErrorBanner error={error} action="Saving the segment" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Saving the segment failed: the server refused it (HTTP 409, conflict)');
    expect(alert.textContent).toContain('Segment name already exists');
    expect(alert.textContent).toContain('HTTP 409 · NameExistsError');
    expect(within(alert).getByRole('listitem').textContent).toBe('name taken');
    expect(alert.textContent).not.toContain('cannot be reached');
  });

  it('a fault in Flagdesk, even at status 0: what failed, and Copy details without the token', async () => {
    const writeText = vi.fn((text: string) => Promise.resolve(void text));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const thrown = new TypeError('Cannot read properties of undefined (reading "trim") near Bearer *:*.964a287e1b728cb5f4f3e0120df92cb5');
    render(<ErrorBanner error={thrown} action="Showing the Playground screen" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Showing the Playground screen failed: a fault in Flagdesk');
    expect(alert.textContent).not.toContain('Could not reach');
    fireEvent.click(within(alert).getByRole('button', { name: 'Copy details' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledOnce());
    const copied = writeText.mock.calls[0]?.[0] ?? '';
    expect(copied).toContain('What failed: Showing the Playground screen');
    expect(copied).toContain('TypeError: Cannot read properties of undefined');
    expect(copied).not.toContain('964a287e1b728cb5f4f3e0120df92cb5');
    expect(copied).toContain('[hidden token]');
    expect(await within(alert).findByText('Copied')).toBeTruthy();
  });

  it('takes the kind main set, not the status: a status-0 fault of the bridge is no unreachable server', () => {
    render(<ErrorBanner error={ApiError.from({ kind: 'fault', status: 0, name: 'IpcError', message: 'The main process did not answer' })} />);
    expect(screen.getByRole('alert').textContent).toContain('A fault in Flagdesk');
  });
});
