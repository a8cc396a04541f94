import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through HTTP proxy on 127.0.0.1 in front of a server, whose gate can hold matching requests until released:
 * a spec uses it to catch a long-running job (a sync) midway, deterministically, however fast the machine is.
 */
export interface GatedProxy {
  url: string;
  /** How many matching requests went through so far. */
  readonly passed: number;
  /** Every matching request, in arrival order (held ones included). */
  readonly seen: readonly URL[];
  /** Requests matching `matches` after `afterPassed` more of them wait until release(). */
  hold(afterPassed: number): void;
  /** Lets held and later requests through. */
  release(): void;
  /** Closes the proxy and every connection to it: the server now looks unreachable. */
  close(): Promise<void>;
}

export async function startGatedProxy(target: string, matches: (url: URL) => boolean): Promise<GatedProxy> {
  const upstream = new URL(target);
  let passed = 0;
  let holdAt = Infinity;
  let waiting: (() => void)[] = [];
  const seen: URL[] = [];

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    if (!matches(url)) return forward(req, res);
    seen.push(url);
    if (passed >= holdAt) {
      // a request its client gave up on (the app aborted it) is dropped, not sent on
      waiting.push(() => (req.socket.destroyed ? res.destroy() : forward(req, res)));
      return;
    }
    passed++;
    forward(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get passed() {
      return passed;
    },
    seen,
    hold(afterPassed) {
      holdAt = passed + afterPassed;
    },
    release() {
      holdAt = Infinity;
      const held = waiting;
      waiting = [];
      for (const go of held) go();
    },
    async close() {
      waiting = [];
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
