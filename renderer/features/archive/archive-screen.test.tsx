import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Feature } from '../../../shared/schemas';
import { renderApp, resetAfterEach } from '../../test/render';

// jsdom has no CSS.escape, which React Aria's modal uses
if (typeof globalThis.CSS === 'undefined') {
  Object.assign(globalThis, { CSS: { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) } });
}

resetAfterEach();

const flag = (name: string, enabled = false): Feature => ({
  name,
  project: 'default',
  environments: [{ name: 'production', enabled }],
});
const details: Record<string, Feature> = {
  p: { ...flag('p'), children: ['c1', 'c2'], dependencies: [] },
  c1: { ...flag('c1', true), children: [], dependencies: [{ feature: 'p' }] },
  c2: { ...flag('c2'), children: [], dependencies: [{ feature: 'p' }] },
};

function handlers() {
  return {
    'instance.projects': () => [{ id: 'default', name: 'Default' }],
    'instance.features': () => [flag('p'), flag('c1', true), flag('c2')],
    'instance.feature': ({ featureName }: { featureName: string }) => details[featureName] ?? flag(featureName),
    'archive.validate': ({ features }: { features: string[] }) => ({
      parentsWithChildFeatures: features.includes('p') && !(features.includes('c1') && features.includes('c2')) ? ['p'] : [],
      hasDeletedDependencies: features.length > 0,
    }),
  };
}

describe('archive check', () => {
  it('names the children left behind and adds them in one click; the URL holds the selection', async () => {
    const { router, bridge } = renderApp('/archive?project=default&flags=p', handlers());
    const impact = await screen.findByRole('region', { name: 'Impact' });
    await within(impact).findByText(/The server will refuse this archive/);
    expect(impact.textContent).toContain('c1 (on in production)');
    expect(impact.textContent).toContain('c2 (off everywhere)');
    fireEvent.click(within(impact).getByRole('button', { name: 'Add these 2 children to the selection' }));
    await waitFor(() => expect(router.state.location.search).toContain('flags=p%2Cc1%2Cc2'));
    await screen.findByText(/Can be archived. Archiving deletes/);
    expect(bridge.inputsOf('archive.validate').at(-1)).toEqual({ projectId: 'default', features: ['p', 'c1', 'c2'] });
  });

  it('shows what was and was not archived when the archive fails', async () => {
    renderApp('/archive?project=default&flags=c1', {
      ...handlers(),
      'archive.run': () => ({
        outcome: 'failed',
        archived: [],
        notArchived: [],
        unconfirmed: ['c1'],
        removedDependencies: [],
        validation: { parentsWithChildFeatures: [], hasDeletedDependencies: true },
        error: 'socket hang up',
      }),
    });
    const archive = await screen.findByRole('button', { name: 'Archive 1 flag' });
    await waitFor(() => expect((archive as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(archive);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Archive' }));
    const result = await screen.findByRole('region', { name: 'Archive result' });
    expect(result.textContent).toContain('The archive failed: socket hang up');
    expect(result.textContent).toContain('Unknown (the server could not be asked afterwards): c1');
  });
});
