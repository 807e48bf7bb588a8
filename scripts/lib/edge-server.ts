// The steps between the adapter alone and the mock, for `npm run bench:edge`: a Hono route that answers the mock's
// list bytes with the mock's headers from an async handler that reads the key and the URL (what any app does), and
// the mock's own app behind the same adapter with none of the server's connection handling around it.
// Usage: node scripts/lib/edge-server.ts <hono|app> <port> <body.json>
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createMockApp } from '../../mocks/http/app.ts';

const [variant, port, bodyFile] = process.argv.slice(2) as [string, string, string];
if (variant === 'hono') {
  const body = readFileSync(bodyFile);
  const headers = { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*', vary: 'Origin' };
  const app = new Hono();
  app.get('/api/public/v1/openapi.json', () => new Response('{}', { headers }));
  app.get('/api/public/v1/integrations', async (c) => {
    const key = c.req.raw.headers.get('authorization');
    const url = c.req.raw.url;
    await Promise.resolve();
    return key && url ? new Response(body, { status: 200, headers }) : new Response(null, { status: 401 });
  });
  serve({ port: Number(port), hostname: '127.0.0.1', fetch: app.fetch });
} else if (variant === 'app') {
  const app = createMockApp({});
  serve({ port: Number(port), hostname: '127.0.0.1', fetch: app.fetch }, () => {
    app.state.access.listening = { host: '127.0.0.1', origin: `http://127.0.0.1:${port}` };
  });
} else {
  throw new Error(`unknown variant ${variant}: hono or app`);
}
