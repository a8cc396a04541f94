import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FlagEvent } from '../../../shared/schemas';
import { renderApp, resetAfterEach } from '../../test/render';

// jsdom has no CSS.escape, which React Aria's modal uses
if (typeof globalThis.CSS === 'undefined') {
  Object.assign(globalThis, { CSS: { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) } });
}

resetAfterEach();

const handlers = (origins: string[]) => ({
  'uiConfig.get': () => ({ version: '6.10.1', frontendApiOrigins: origins }),
  'events.browse': () => ({ events: [], total: 0, source: 'server' as const, syncedAt: null }),
});

describe('CORS origins', () => {
  it('marks each invalid row with its reason and a fix-it that makes it valid, and blocks saving until fixed', async () => {
    const { bridge } = renderApp('/cors', { ...handlers(['https://app.example.com']), 'uiConfig.setOrigins': () => null });
    await screen.findByRole('list', { name: 'Allowed origins' });
    fireEvent.click(screen.getByRole('button', { name: 'Paste lines' }));
    fireEvent.change(screen.getByRole('textbox', { name: /One origin per line/ }), {
      target: { value: 'https://Shop.example.com/\nhttps://app.example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add these lines' }));

    const second = screen.getByRole('listitem', { name: 'Origin 2' });
    expect(second.textContent).toContain('no path, query or trailing slash');
    expect(second.textContent).toContain('lower case');
    const third = screen.getByRole('listitem', { name: 'Origin 3' });
    expect(third.textContent).toContain('Same as origin 1');
    expect((screen.getByRole('button', { name: 'Save origins' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(second).getByRole('button', { name: 'Change to https://shop.example.com (origin 2)' }));
    fireEvent.click(within(third).getByRole('button', { name: 'Remove origin 3' }));
    const save = screen.getByRole('button', { name: 'Save origins' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(bridge.inputsOf('uiConfig.setOrigins')).toEqual([{ origins: ['https://app.example.com', 'https://shop.example.com'] }]));
  });

  it('keeps a pasted sentence as one refused row, never three invented hosts, and refuses a non-web scheme', async () => {
    renderApp('/cors', { ...handlers(['https://app.example.com']), 'uiConfig.setOrigins': () => null });
    await screen.findByRole('list', { name: 'Allowed origins' });
    fireEvent.click(screen.getByRole('button', { name: 'Paste lines' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'One origin per line' }), {
      target: { value: 'not a url\nftp://x.y\nexample.org' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add these lines' }));

    expect(screen.getAllByRole('listitem', { name: /^Origin \d+$/ })).toHaveLength(4);
    const sentence = screen.getByRole('listitem', { name: 'Origin 2' });
    expect(within(sentence).getByRole('textbox', { name: 'Origin 2' })).toHaveProperty('value', 'not a url');
    expect(sentence.textContent).toContain('Put one origin per line');
    expect(within(sentence).queryByRole('button', { name: /^Change to / })).toBeNull();
    const ftp = screen.getByRole('listitem', { name: 'Origin 3' });
    expect(ftp.textContent).toContain('only from http and https pages');
    expect(within(ftp).queryByRole('button', { name: /^Change to / })).toBeNull();
    const bare = screen.getByRole('listitem', { name: 'Origin 4' });
    expect(within(bare).getByRole('button', { name: 'Change to https://example.org (origin 4)' }).textContent).toBe(
      'Change to https://example.org',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Fix all and remove duplicates' }));
    expect(screen.getAllByRole('textbox', { name: /^Origin \d+$/ }).map((input) => (input as HTMLInputElement).value)).toEqual([
      'https://app.example.com',
      'not a url',
      'ftp://x.y',
      'https://example.org',
    ]);
    expect((screen.getByRole('button', { name: 'Save origins' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says an empty list allows every origin and asks before saving it', async () => {
    const { bridge } = renderApp('/cors', { ...handlers(['https://app.example.com']), 'uiConfig.setOrigins': () => null });
    await screen.findByRole('list', { name: 'Allowed origins' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove origin 1' }));
    expect((await screen.findAllByText('An empty list allows every origin')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save origins' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Allow every origin?' });
    expect(bridge.inputsOf('uiConfig.setOrigins')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and allow every origin' }));
    await waitFor(() => expect(bridge.inputsOf('uiConfig.setOrigins')).toEqual([{ origins: [] }]));
  });

  it('shows what the preflight answered', async () => {
    const { bridge } = renderApp('/cors', {
      ...handlers(['https://app.example.com']),
      'uiConfig.preflight': ({ origin }) => ({
        url: 'demo:/api/frontend',
        status: 204,
        allowed: false,
        reason: `No Access-Control-Allow-Origin: ${origin} is not in the allowed origins.`,
        headers: [['vary', 'Origin']],
        maxAgeSeconds: 86400,
        answeredBy: 'demo',
      }),
    });
    const origin = await screen.findByRole('textbox', { name: 'Origin' });
    fireEvent.change(origin, { target: { value: 'https://evil.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send preflight' }));
    const result = await screen.findByRole('status', { name: 'Preflight result' });
    expect(result.textContent).toContain('Refused');
    expect(result.textContent).toContain('https://evil.example is not in the allowed origins');
    expect(bridge.inputsOf('uiConfig.preflight')[0]).toMatchObject({ origin: 'https://evil.example', method: 'GET' });
  });

  it('the history restores an old list after a confirmation that says what it allows, and the rows show it', async () => {
    const setting = (id: number, at: string, origins: string[], previous: string[] | null): FlagEvent => ({
      id,
      type: previous ? 'setting-updated' : 'setting-created',
      createdBy: 'ann',
      createdAt: at,
      data: { id: 'unleash.frontend', frontendApiOrigins: origins },
      preData: previous ? { frontendApiOrigins: previous } : null,
    });
    const events = [
      setting(31, '2026-05-03T10:00:00.000Z', ['https://app.example.com'], []),
      // another setting's event: not part of this history
      { ...setting(30, '2026-05-02T10:00:00.000Z', [], null), data: { id: 'unleash.other', value: 1 } },
      setting(29, '2026-05-01T10:00:00.000Z', [], null),
    ];
    let stored = ['https://app.example.com'];
    const { bridge } = renderApp('/cors', {
      ...handlers(stored),
      'uiConfig.get': () => ({ version: '6.10.1', frontendApiOrigins: stored }),
      'events.browse': () => ({ events, total: events.length, source: 'server' as const, syncedAt: null }),
      'uiConfig.setOrigins': ({ origins }) => {
        stored = origins;
        return null;
      },
    });
    const history = await screen.findByRole('region', { name: 'History of Front-end API origins (CORS)' });
    await within(history).findByText(/\(2 events\)/);
    fireEvent.click(within(history).getAllByRole('button', { name: 'Restore this version' })[1]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore Front-end API origins (CORS)?' });
    expect(dialog.textContent).toContain('An empty list allows every origin');
    expect(bridge.inputsOf('uiConfig.setOrigins')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(bridge.inputsOf('uiConfig.setOrigins')).toEqual([{ origins: [] }]));
    // the editor now shows the restored (empty) list as saved, not as an edit in progress
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Origin 1' })).toBeNull());
    await screen.findByText('Saved');
  });
});
