import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './import-graph';

// The zones inside electron/ (eslint/import-zones.js), checked through ESLint itself with the repository's config:
// a file that does not exist on disk, linted as if it sat at the given path.

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.calculateConfigForFile(join(ROOT, 'electron/backend/zone-probe.ts')); // loads the config once
}, 60_000);

async function zoneErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'zones/import-zones').map((m) => m.message);
}

describe('ESLint zones inside electron/', { timeout: 30_000 }, () => {
  it('refuses the remote backend importing the demo, type-only imports included', async () => {
    const errors = await zoneErrors(
      'electron/backend/remote/zone-probe.ts',
      "import type { EventQuery } from '../demo/events/event-search';\nexport type Q = EventQuery;\n",
    );
    expect(errors).toEqual([expect.stringContaining('remote backend never imports the demo')]);
  });

  it('refuses the same import written as a type query or a dynamic import', async () => {
    const errors = await zoneErrors(
      'electron/backend/remote/zone-probe.ts',
      "export type D = import('../demo/index').DemoBackend;\nexport const later = () => import('../demo/index');\n",
    );
    expect(errors).toHaveLength(2);
  });

  it('refuses the demo importing the remote backend, from any depth', async () => {
    const errors = await zoneErrors(
      'electron/backend/demo/areas/zone-probe.ts',
      "export { createRemoteBackend } from '../../remote/remote-backend';\n",
    );
    expect(errors).toEqual([expect.stringContaining('demo backend never imports the remote backend')]);
  });

  it('refuses a backend importing ipc/, connections/ or the shell', async () => {
    const code = [
      "import { dispatch } from '../../ipc/dispatch';",
      "import { ConnectionManager } from '../../connections/connection-manager';",
      "import type { ShellPort } from '../../shell/shell-port';",
      "import { createMainCore } from '../../core';",
      'export const all = [dispatch, ConnectionManager, createMainCore] as const;',
      'export type S = ShellPort;',
    ].join('\n');
    const errors = await zoneErrors('electron/backend/remote/zone-probe.ts', code);
    expect(errors).toHaveLength(4);
    expect(new Set(errors)).toEqual(new Set([expect.stringContaining('never imports them')]));
  });

  it('refuses the HTTP face reaching a backend other than through its interface', async () => {
    const errors = await zoneErrors(
      'electron/backend/http/routes/zone-probe.ts',
      "import { createDemoBackend } from '../../demo/index';\nexport const make = createDemoBackend;\n",
    );
    expect(errors).toEqual([expect.stringContaining('HTTP face reaches a backend only through its interface')]);
  });

  it('lets each backend import the interface, the shared event-query language and shared/', async () => {
    const code = [
      "import type { AdminBackend } from '../admin-backend';",
      "import { parseEventQuery } from '../event-query/event-query';",
      "import { ApiError } from '../../../shared/errors';",
      'export type B = AdminBackend;',
      'export const both = [parseEventQuery, ApiError] as const;',
    ].join('\n');
    expect(await zoneErrors('electron/backend/remote/zone-probe.ts', code)).toEqual([]);
    expect(await zoneErrors('electron/backend/demo/zone-probe.ts', code)).toEqual([]);
  });
});
