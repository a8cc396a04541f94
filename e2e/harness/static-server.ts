import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/** Serves the built renderer on 127.0.0.1 (port 0), GET only, never outside `root`, with the CSP as a header too. */
export async function serveStatic(root: string): Promise<StaticServer> {
  const csp = await cspOf(join(root, 'index.html'));
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      const file = normalize(join(root, path === '/' ? 'index.html' : path));
      const inside = file === root || file.startsWith(root.endsWith(sep) ? root : root + sep);
      const found = inside && request.method === 'GET' ? await stat(file).catch(() => undefined) : undefined;
      if (!found?.isFile()) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': csp,
        'x-content-type-options': 'nosniff',
      });
      createReadStream(file).pipe(response);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The policy index.html declares plus the header-only frame-ancestors, as Electron's app:// handler sends it. */
async function cspOf(indexHtml: string): Promise<string> {
  const html = await readFile(indexHtml, 'utf8');
  const match = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`${indexHtml} declares no Content-Security-Policy`);
  return `${match[1]}; frame-ancestors 'none'`;
}
