import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BRIDGE_NAMES } from '../../electron/ipc/bridge-names';
import { DEFLATED } from './answer-text';

/**
 * The init script that gives the page window.flagdesk exactly as electron/preload.ts does: the same createBridge
 * (electron/ipc/bridge.ts, with its channel and event checks), bundled for the page. Only the transport differs:
 * ipcRenderer.invoke becomes a Playwright binding that calls the core's dispatch, and pushes arrive through a
 * private emitter the harness calls. contextBridge hands the page a frozen copy; so does this.
 */
export const INVOKE_BINDING = '__flagdeskInvoke';
export const EMIT_FUNCTION = '__flagdeskEmit';

const BRIDGE_MODULE = fileURLToPath(new URL('../../electron/ipc/bridge.ts', import.meta.url));

const ENTRY = `
import { createBridge } from ${JSON.stringify(BRIDGE_MODULE)};
const listeners = new Set();
const bridge = createBridge({
  // Looked up per call: Playwright installs the binding in its own init script. The answer comes as JSON text
  // (app-harness.ts says why), deflated when long.
  invoke: async (channel, input) => {
    const text = await window[${JSON.stringify(INVOKE_BINDING)}](channel, input);
    if (!text.startsWith(${JSON.stringify(DEFLATED)})) return JSON.parse(text);
    // deflated (answer-text.ts says why): base64, then raw deflate
    const bytes = Uint8Array.from(atob(text.slice(${DEFLATED.length})), (c) => c.charCodeAt(0));
    return JSON.parse(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'))).text());
  },
  subscribe(listener) {
    listeners.add(listener);
    return () => { listeners.delete(listener); };
  },
}, ${JSON.stringify(BRIDGE_NAMES)});
Object.defineProperty(window, ${JSON.stringify(EMIT_FUNCTION)}, {
  value: (name, payload) => { for (const listener of listeners) listener(name, payload); },
});
Object.defineProperty(window, 'flagdesk', {
  value: Object.freeze({ invoke: bridge.invoke, on: bridge.on }),
  enumerable: true,
});
`;

export async function bridgeScript(): Promise<string> {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no bridge script');
  return output.text;
}
