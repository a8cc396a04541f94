import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './import-graph';

/**
 * What a comment (or a message, or a test name) may point at: files inside the repository. The project was once
 * built from notes that never entered it (a design file, a fact sheet with numbered sections, issue texts); a
 * pointer to those leaves a newcomer with nowhere to go. docs/architecture.md and the other files in docs/ are
 * where such knowledge lives now.
 */

const SECTION = '\u00a7';
const OUTSIDE: readonly { pattern: RegExp; what: string }[] = [
  { pattern: new RegExp(`\\bDESIGN\\.md\\b`), what: 'the design notes (write it into docs/architecture.md)' },
  { pattern: new RegExp(`\\bfacts\\s*${SECTION}`), what: 'the API fact sheet (docs/server-behaviour.md has what the demo reproduces)' },
  { pattern: new RegExp(`\\bissues?\\s*#?\\d+`, 'i'), what: 'an issue (say the reason inline)' },
  { pattern: new RegExp(SECTION), what: 'a numbered section of a document outside docs/ (cite docs/<file>.md#<heading>)' },
  {
    pattern: /\b(?:code|feature)-anchors\.md|unleash-api-facts|real-unleash-probe|seed-admin-api|unleash-ui-observed/,
    what: 'a reference note outside the repository',
  },
  { pattern: /\/work\/shared\b|\.\.\/shared\/(?:reference|tools)\b|\bshared\/reference\//, what: 'the folder beside the repository' },
];

export interface Citation {
  line: number;
  text: string;
  problem: string;
}

/** Pointers in `text` to documents outside the repository, with their line numbers. */
export function outsideCitations(text: string): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    const hit = OUTSIDE.find(({ pattern }) => pattern.test(line));
    if (hit) found.push({ line: index + 1, text: line.trim(), problem: `cites ${hit.what}` });
  });
  return found;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const heading = match[1] ?? '';
    anchors.add(
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s-]/gu, '')
        .trim()
        .replace(/\s/g, '-'),
    );
  }
  return anchors;
}

/** `docs/<file>.md#<anchor>` pointers in `text` whose file or heading does not exist. */
export function brokenDocLinks(text: string): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/\bdocs\/([\w.-]+\.md)(?:#([\w-]+))?/g)) {
      const [link, file, anchor] = match;
      const path = join(ROOT, 'docs', file ?? '');
      if (!existsSync(path)) {
        found.push({ line: index + 1, text: line.trim(), problem: `${link}: no such file` });
      } else if (anchor !== undefined && !headingAnchors(readFileSync(path, 'utf8')).has(anchor)) {
        found.push({ line: index + 1, text: line.trim(), problem: `${link}: no such heading` });
      }
    }
  });
  return found;
}
