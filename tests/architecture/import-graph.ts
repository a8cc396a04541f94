import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The repository's own import graph, read with the TypeScript compiler's pre-processor (static, dynamic and
 * type-only imports and re-exports alike: a ring of `import type` is still a ring a reader has to untangle).
 * Only relative specifiers are followed; packages are leaves.
 */

export const ROOT = resolve(import.meta.dirname, '../..');

const SOURCE = /\.(ts|tsx)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', '.bench', '.git']);

/** Every .ts/.tsx file under the given top-level folders, as repository-relative paths with forward slashes. */
export function sourceFiles(folders: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (SKIP_DIRS.has(name)) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name)) out.push(relative(ROOT, path).split('\\').join('/'));
    }
  };
  for (const folder of folders) walk(join(ROOT, folder));
  return out.sort();
}

const CANDIDATES = ['', '.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'];

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(join(ROOT, from)), specifier.replace(/\.js$/, ''));
  for (const suffix of CANDIDATES) {
    const path = base + suffix;
    if (existsSync(path) && statSync(path).isFile()) return relative(ROOT, path).split('\\').join('/');
  }
  return undefined;
}

/** The repository files `text` (the source of `file`) imports. */
export function importsOf(file: string, text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const out = new Set<string>();
  for (const { fileName } of importedFiles) {
    const target = resolveSpecifier(file, fileName);
    if (target !== undefined) out.add(target);
  }
  return [...out];
}

export type ImportGraph = ReadonlyMap<string, readonly string[]>;

export function importGraph(folders: readonly string[]): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(folders)) graph.set(file, importsOf(file, readFileSync(join(ROOT, file), 'utf8')));
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself: each is an import ring. */
export function importRings(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const rings: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfImport) rings.push(component.sort());
      }
    }
  }
  return rings;
}
