import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenDocLinks, headingAnchors, outsideCitations, type Citation } from './citations';
import { ROOT } from './import-graph';

const FOLDERS = ['electron', 'shared', 'renderer', 'scripts', 'tests', 'e2e', 'eslint', '.ci'];
const ROOT_FILES = ['README.md', 'eslint.config.js', 'vitest.config.ts', 'vite.config.ts', 'stryker.config.json', 'package.json'];
const TEXT = /\.(?:ts|tsx|js|mjs|cjs|sh|css|html|md)$|^run$/;
const SKIP = new Set(['node_modules', 'dist', 'coverage', 'test-results', '.bench', 'openapi', 'fixtures']);
/** The checker and this file spell out what they refuse. */
const SELF = new Set(['tests/architecture/citations.ts', 'tests/architecture/comment-citations.test.ts']);

function files(): string[] {
  const out = [...ROOT_FILES];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (SKIP.has(name)) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (TEXT.test(name)) out.push(relative(ROOT, path).split('\\').join('/'));
    }
  };
  for (const folder of FOLDERS) walk(join(ROOT, folder));
  return out.filter((file) => !SELF.has(file));
}

function everywhere(check: (text: string) => Citation[]): string[] {
  return files().flatMap((file) =>
    check(readFileSync(join(ROOT, file), 'utf8')).map(({ line, text, problem }) => `${file}:${line} ${problem}: ${text}`),
  );
}

describe('comments point inside the repository', () => {
  it('no source file cites a document outside the repository', () => {
    expect(files().length).toBeGreaterThan(400);
    expect(everywhere(outsideCitations)).toEqual([]);
  });

  it('every docs/ link in the sources names a file and heading that exist', () => {
    expect(everywhere(brokenDocLinks)).toEqual([]);
  });

  it.each([
    ['/** The bounds of IPC inputs (issue 8 \u00a79). */'],
    ["// Tiers (DESIGN.md 'Tests, fastest first')"],
    ['/** The page cap on GET /search/events (facts \u00a74.3). */'],
    ['// hence this gate (code-anchors.md).'],
    ['// see ../shared/reference for the probe'],
    ["describe('IPC bounds (Issue 20)', () => {"],
  ])('refuses %s', (line) => {
    expect(outsideCitations(`const a = 1;\n${line}\n`)).toEqual([expect.objectContaining({ line: 2 })]);
  });

  it('accepts pointers into docs/ and public upstream references', () => {
    const text = [
      '// docs/server-behaviour.md#query-search: `limit` up to 1000',
      "// p -> c1, c2 as in Unleash's own feature-archive e2e test",
      '// (Electron security checklist #17)',
      "import { x } from '../../shared/schemas';",
    ].join('\n');
    expect(outsideCitations(text)).toEqual([]);
    expect(brokenDocLinks(text)).toEqual([]);
  });

  it('finds a docs/ link whose heading or file is gone', () => {
    expect(brokenDocLinks('// docs/architecture.md#no-such-part\n// docs/nowhere.md').map((c) => c.problem)).toEqual([
      'docs/architecture.md#no-such-part: no such heading',
      'docs/nowhere.md: no such file',
    ]);
  });

  it('reads headings as GitHub anchors them', () => {
    expect(headingAnchors('## Security baseline\n### Body search (6.x)\n')).toEqual(new Set(['security-baseline', 'body-search-6x']));
  });
});
