import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const rootDir = fileURLToPath(new URL('./renderer', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/renderer', import.meta.url));

/**
 * The dev server needs an inline React-refresh preamble and a websocket for HMR, which the production CSP forbids.
 * Relax the CSP for `vite serve` only; the built index.html keeps the strict policy untouched.
 */
function devCsp(): Plugin {
  return {
    name: 'flagdesk-dev-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      return html
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        .replace("connect-src 'none'", "connect-src 'self' ws: http://localhost:* http://127.0.0.1:*");
    },
  };
}

/** Vendor chunks: the entry stays small and libraries cache independently of app code. */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/ },
  // only the long lists use it: kept out of the entry
  { name: 'virtual', test: /node_modules[\\/]@tanstack[\\/](react-virtual|virtual-core)[\\/]/ },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
];

export default defineConfig({
  root: rootDir,
  // Served from a custom protocol (or file) in Electron: every asset URL must be relative.
  base: './',
  plugins: [react(), devCsp()],
  server: { host: '127.0.0.1', strictPort: false },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'chrome140',
    sourcemap: false,
    // Inlined assets would become data: URLs for scripts/styles, which the CSP rejects.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
