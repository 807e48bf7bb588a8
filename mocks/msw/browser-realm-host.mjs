// Serves the browser build of the mock (the MSW export, bundled for platform "browser") over HTTP from a process whose
// Node-only globals are gone, so that code on the browser path that reaches for Buffer, process, global or setImmediate
// fails here as it would in a page: with a ReferenceError, answered 500. What this file needs of Node it takes before
// they are removed. Usage: node browser-realm-host.mjs <bundle.mjs>; prints `listening <origin>` once it answers.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const bundle = process.argv[2];
const stdout = process.stdout;
const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

// Buffer stays on globalThis because Node's own fetch classes (undici) read it from there; the bundle is built with a
// banner that shadows all five names in its own scope (BROWSER_REALM_BANNER), so code in it cannot reach them directly.
for (const name of ['process', 'global', 'setImmediate', 'clearImmediate']) {
  if (!Reflect.deleteProperty(globalThis, name)) throw new Error(`could not remove the Node global ${name}`);
}

// What a page has and Node does not: msw keeps its cookie store in localStorage.
if (typeof globalThis.localStorage === 'undefined') {
  const items = new Map();
  globalThis.localStorage = {
    getItem: (k) => (items.has(String(k)) ? items.get(String(k)) : null),
    setItem: (k, v) => void items.set(String(k), String(v)),
    removeItem: (k) => void items.delete(String(k)),
    clear: () => items.clear(),
    key: (i) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
}

const { createMswMock } = await import(pathToFileURL(bundle).href);
const mock = createMswMock({ origin, seed: 1 });

server.on('request', async (req, res) => {
  try {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    let length = 0;
    for (const c of chunks) length += c.byteLength;
    const body = new Uint8Array(length);
    let at = 0;
    for (const c of chunks) {
      body.set(c, at);
      at += c.byteLength;
    }
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const response = await mock.fetch(new Request(origin + req.url, { method: req.method, headers, body: hasBody ? body : undefined }));
    const out = new Uint8Array(await response.arrayBuffer());
    const head = {};
    response.headers.forEach((value, name) => {
      head[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
    });
    res.writeHead(response.status, head);
    res.end(out);
  } catch (err) {
    // The host itself failed (not the mock, which answers its own errors): say so as a 502, never as the mock's answer.
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`browser-realm host: ${err && err.stack ? err.stack : err}`);
  }
});
stdout.write(`listening ${origin}\n`);
