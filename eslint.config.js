// Flat config. The import rules keep dependencies pointing one way: renderer -> shared <- electron
// (DESIGN.md), and keep 'electron' itself inside the four shell files.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const electronShell = ['electron/main.ts', 'electron/preload.ts', 'electron/window.ts', 'electron/ipc/register.ts'];
const noElectron = { name: 'electron', message: "Only the four shell files import 'electron' (DESIGN.md)." };

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
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            { group: ['node:*'], message: 'The renderer has no Node: it reaches the backend over IPC only.' },
            { group: ['**/electron/**'], message: 'The renderer never imports the main process; use shared/.' },
          ],
        },
      ],
    },
  },
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
);
