import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The renderer's features form a tree (featureOrder in eslint.config.js, docs/renderer.md): a feature imports only
// the ones below it, so the linter refuses the edge that would close a cycle. These lint one import as if it stood
// in the file named, with the project's own config.
const eslint = new ESLint();

async function refusals(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`export { x } from '${specifier}';\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message.replace(/^'[^']*' import is restricted from being used by a pattern\. /, ''));
}

// Loading the config (typescript-eslint, the plugins) takes seconds on a busy machine: once, before the cases.
beforeAll(() => eslint.calculateConfigForFile('renderer/features/instance/x.ts'), 60_000);

describe('features form a tree', { timeout: 30_000 }, () => {
  it('lets a feature import one below it', async () => {
    expect(await refusals('renderer/features/playground/x.ts', '../segments')).toEqual([]);
    expect(await refusals('renderer/features/strategy-types/x.tsx', '../events')).toEqual([]);
    expect(await refusals('renderer/features/cors/x.tsx', '../events')).toEqual([]);
    expect(await refusals('renderer/features/segments/x.ts', '../instance')).toEqual([]);
  });

  it('refuses the import back that would close a cycle, naming what the feature may import', async () => {
    const [refusal] = await refusals('renderer/features/segments/x.ts', '../playground');
    expect(refusal).toBe(
      'features/segments imports only the features below it (instance, connections): featureOrder in eslint.config.js keeps them a tree.',
    );
    expect(await refusals('renderer/features/events/x.tsx', '../strategy-types')).toHaveLength(1);
    expect(await refusals('renderer/features/events/x.tsx', '../cors')).toHaveLength(1);
    expect(await refusals('renderer/features/instance/x.ts', '../connections')).toHaveLength(1);
  });

  it('holds one folder deeper inside a feature too', async () => {
    expect(await refusals('renderer/features/events/deep/x.tsx', '../../cors')).toHaveLength(1);
    expect(await refusals('renderer/features/cors/deep/x.tsx', '../../events')).toEqual([]);
    // one level up from a subfolder is the feature itself
    expect(await refusals('renderer/features/events/deep/x.tsx', '../api')).toEqual([]);
  });

  it('puts a feature missing from the order on top: it imports listed ones, none imports it, nor another unlisted', async () => {
    expect(await refusals('renderer/features/newcomer/x.ts', '../archive')).toEqual([]);
    expect(await refusals('renderer/features/archive/x.ts', '../newcomer')).toHaveLength(1);
    expect(await refusals('renderer/features/newcomer/x.ts', '../other-newcomer')).toHaveLength(1);
  });

  it('still refuses reaching into another feature past its index.ts', async () => {
    expect(await refusals('renderer/features/playground/x.ts', '../segments/api')).toEqual([
      "Features import each other only through the feature's index.ts (e.g. '../segments').",
    ]);
  });

  it('leaves shared pieces below every feature open to all', async () => {
    expect(await refusals('renderer/features/instance/x.ts', '../../components/dialog')).toEqual([]);
    expect(await refusals('renderer/features/instance/x.ts', '../../lib/bridge-client')).toEqual([]);
  });
});
