import { describe, expect, it } from 'vitest';
import { importGraph, importRings, importsOf } from './import-graph';

// No file reaches itself through its imports, type-only imports included.

describe('import rings', () => {
  it('no import ring remains in the repository', () => {
    const graph = importGraph(['electron', 'shared', 'renderer', 'scripts', 'tests', 'e2e']);
    expect(graph.size).toBeGreaterThan(300);
    expect(importRings(graph)).toEqual([]);
  });

  it('finds a ring closed by a type-only import, and names every file on it', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(importRings(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('reads type-only imports, re-exports and dynamic imports as edges', () => {
    const text = [
      "import type { WireResponse } from './wire-response';",
      "export { frontendPreflight } from './frontend-preflight';",
      "const later = () => import('./serve');",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf('electron/backend/http/route.ts', text).sort()).toEqual([
      'electron/backend/http/frontend-preflight.ts',
      'electron/backend/http/serve.ts',
      'electron/backend/http/wire-response.ts',
    ]);
  });
});
