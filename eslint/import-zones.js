// A local ESLint rule: which folders inside electron/ may import which (docs/architecture.md "Arrows").
// no-restricted-imports sees only the specifier as written ('../demo/x'); this rule resolves it against the
// importing file, so a zone is named by its real path and holds at any folder depth.
import { dirname, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

const BACKENDS_KEEP_BELOW =
  'A backend sits below IPC, connections and the shell: it never imports them (docs/architecture.md "Arrows").';

/** Each zone: files under `from` must not import anything under `forbidden` (a folder ending in '/' or a file). */
export const ELECTRON_ZONES = [
  {
    from: 'electron/backend/remote/',
    forbidden: ['electron/backend/demo/'],
    message:
      'The remote backend never imports the demo backend: what both need lives beside them (e.g. electron/backend/event-query/).',
  },
  {
    from: 'electron/backend/demo/',
    forbidden: ['electron/backend/remote/'],
    message:
      'The demo backend never imports the remote backend: what both need lives beside them (e.g. electron/backend/event-query/).',
  },
  {
    from: 'electron/backend/',
    forbidden: [
      'electron/ipc/',
      'electron/connections/',
      'electron/shell/',
      'electron/main.ts',
      'electron/preload.ts',
      'electron/window.ts',
      'electron/core.ts',
    ],
    message: BACKENDS_KEEP_BELOW,
  },
  {
    from: 'electron/backend/http/',
    forbidden: ['electron/backend/demo/', 'electron/backend/remote/'],
    message:
      'The HTTP face reaches a backend only through its interface (electron/backend/admin-backend.ts, instance-fixtures.ts); the caller hands it the backend.',
  },
];

const withoutExtension = (path) => path.replace(/\.(ts|tsx|js|mjs|cjs)$/, '');

function covers(entry, target) {
  return entry.endsWith('/') ? `${target}/`.startsWith(entry) : withoutExtension(entry) === target;
}

/** The zone a relative import from `file` to `specifier` breaks, if any. Both are resolved against the repository. */
export function brokenZone(file, specifier, zones = ELECTRON_ZONES) {
  if (!specifier.startsWith('.')) return undefined;
  const from = relative(ROOT, resolve(file)).split('\\').join('/');
  const target = withoutExtension(relative(ROOT, resolve(dirname(resolve(file)), specifier)).split('\\').join('/'));
  return zones.find((zone) => from.startsWith(zone.from) && zone.forbidden.some((entry) => covers(entry, target)));
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the import zones inside electron/ (backends, HTTP face, IPC, connections, shell).' },
    schema: [],
    messages: { zone: '{{message}}' },
  },
  create(context) {
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const zone = brokenZone(context.filename, source);
      if (zone) context.report({ node, messageId: 'zone', data: { message: zone.message } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportType: (node) => check(node, node.argument?.literal?.value ?? node.source?.value),
    };
  },
};

export const importZonesPlugin = { meta: { name: 'flagdesk-import-zones' }, rules: { 'import-zones': rule } };
