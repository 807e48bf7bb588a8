// A test helper: a proxy serving the API at its root (`/x` → `<upstream><apiPath>/x`), as Prism or a gateway would.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiBasePath } from '../spec/load.ts';

export interface RewritingProxy {
  origin: string;
  /** Paths as the upstream saw them, in order. */
  seen: string[];
  close(): Promise<void>;
}

/** Control (`/_mock`) and the app host's OAuth pages pass unchanged; every other path moves under the API's base path. */
export const PASSED_THROUGH = /^\/(_mock|oauth|api\/oauth)(\/|\?|$)/;

export async function startRewritingProxy(upstream: string, apiPath = apiBasePath()): Promise<RewritingProxy> {
  const up = new URL(upstream);
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = PASSED_THROUGH.test(req.url ?? '/') ? req.url! : `${apiPath}${req.url === '/' ? '' : req.url}`;
    seen.push(path);
    const out = request({ host: up.hostname, port: up.port, method: req.method, path, headers: { ...req.headers, host: up.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', (err) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${err.message}`);
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
