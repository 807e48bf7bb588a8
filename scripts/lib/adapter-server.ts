// The benchmark's second floor: the same fixed body as bare-server.ts, answered through the mock's HTTP adapter
// (@hono/node-server, a fetch(Request) => Response function) and nothing else. What it costs over the bare server is
// what the app-as-fetch shape costs before the mock does any work.
// Usage: node scripts/lib/adapter-server.ts <port> <body.json>
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';

const [port, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile!);
const headers = { 'content-type': 'application/json; charset=utf-8' };
serve({ port: Number(port), hostname: '127.0.0.1', fetch: async (request: Request) => {
  // Read (and drop) any request body, as a real server would, before answering.
  if (request.method !== 'GET' && request.method !== 'HEAD') await request.arrayBuffer();
  return new Response(body, { status: 200, headers });
} });
