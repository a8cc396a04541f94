// Flat config. The import rules keep dependencies pointing one way: renderer -> shared <- electron
// (docs/architecture.md#arrows), and keep 'electron' itself inside the four shell files.
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { importZonesPlugin } from './eslint/import-zones.js';

const electronShell = ['electron/main.ts', 'electron/preload.ts', 'electron/window.ts', 'electron/ipc/register.ts'];
const noElectron = { name: 'electron', message: "Only the four shell files import 'electron' (docs/architecture.md#arrows)." };
const rendererPatterns = [
  { group: ['node:*'], message: 'The renderer has no Node: it reaches the backend over IPC only.' },
  { group: ['**/electron/**'], message: 'The renderer never imports the main process; use shared/.' },
];
const otherFeature = "Features import each other only through the feature's index.ts (e.g. '../segments').";

// The renderer's features form a tree: each imports only features listed before it here, lowest first
// (docs/renderer.md "Features and their public face"). A folder missing from the list sits on top: it may import
// every listed feature, no listed feature may import it, and it may not import another unlisted one. So no import
// cycle between features can pass the linter.
const featureOrder = ['instance', 'connections', 'segments', 'playground', 'flags', 'events', 'strategy-types', 'cors', 'archive'];

/** The import rule of one feature's files `depth` folders below renderer/features/, given the features below it. */
function featureImports(feature, depth, below) {
  const up = '\\.\\./'.repeat(depth);
  const allowed = below.length > 0 ? `(?!(?:${below.join('|')})$)` : '';
  const where = feature === null ? 'A feature missing from featureOrder' : `features/${feature}`;
  const lower = below.length > 0 ? below.join(', ') : 'none';
  return {
    files: [`renderer/features/${feature ?? '*'}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            ...rendererPatterns,
            { regex: `^${up}[^./][^/]*/`, message: otherFeature },
            {
              regex: `^${up}${allowed}[^./][^/]*$`,
              message: `${where} imports only the features below it (${lower}): featureOrder in eslint.config.js keeps them a tree.`,
            },
          ],
        },
      ],
    },
  };
}

const featureTree = [1, 2].flatMap((depth) => [
  featureImports(null, depth, featureOrder),
  ...featureOrder.map((feature, index) => featureImports(feature, depth, featureOrder.slice(0, index))),
]);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            // An allowlist: zod, microdiff (pure, dependency-free: the event diff both sides read) and shared/'s own
            // files, nothing else (no Node, no React, no other package).
            { regex: '^(?!zod$|microdiff$|\\.\\.?/)', message: 'shared/ is pure: it imports only zod, microdiff and its own files.' },
            { group: ['**/electron/**', '**/renderer/**'], message: 'shared/ depends on nothing of ours.' },
          ],
        },
      ],
    },
  },
  {
    // The evaluator needs exactly what the official Node SDK evaluates with: murmurhash3js (bucketing must hash
    // identically), semver (its version ordering) and re2js (REGEX is RE2, not JavaScript's engine). Only there.
    files: ['shared/evaluation/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            {
              regex: '^(?!zod$|murmurhash3js$|semver$|re2js$|\\.\\.?/)',
              message: 'shared/evaluation imports only zod, the SDK\'s hash, semver and RE2 packages, and shared/.',
            },
            { group: ['**/electron/**', '**/renderer/**'], message: 'shared/ depends on nothing of ours.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      ...pluginQuery.configs['flat/recommended'].at(-1).rules,
      'no-restricted-imports': ['error', { paths: [noElectron], patterns: rendererPatterns }],
    },
  },
  // A feature uses another feature only through its public face (index.ts): `../segments`, never
  // `../segments/api` (docs/renderer.md), and only a feature below it in featureOrder.
  ...featureTree,
  {
    files: ['electron/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts'],
    ignores: electronShell,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noElectron], patterns: [{ group: ['**/renderer/**'], message: 'Main never imports the renderer.' }] },
      ],
    },
  },
  {
    // Zones inside main (eslint/import-zones.js): remote and demo never import each other, backends never import
    // ipc/, connections/ or the shell, the HTTP face sees a backend only through its interface. Tests may assemble
    // the whole main side (a remote test starts the core), so they are outside the zones.
    files: ['electron/**/*.ts'],
    ignores: ['electron/**/*.test.ts'],
    plugins: { zones: importZonesPlugin },
    rules: { 'zones/import-zones': 'error' },
  },
);
