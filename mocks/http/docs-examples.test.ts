// The /docs examples run unedited: for every operation, the request Swagger UI pre-fills from the
// page's edition of the document, sent as it is with the key the page marks, succeeds on a freshly started mock, or
// reaches the operation's documented refusal where no static example can succeed (named below, with the reason).
import { afterAll, describe, expect, it } from 'vitest';
import { MockClock } from '../domain/clock.ts';
import { loadSpec } from '../../spec/load.ts';
import { PNG } from './media-samples.ts';
import { API, KEYS, T0, testMock, type TestMock } from '../testing.ts';
import { startMock, type RunningMock } from '../server.ts';
import { DOCS_PLACEHOLDERS } from './docs-document.ts';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function deref(doc: Json, node: any): any {
  while (node && typeof node.$ref === 'string') node = node.$ref.slice(2).split('/').reduce((at: any, k: string) => at?.[k], doc);
  return node;
}

function operationsOf(doc: Json): Array<{ path: string; method: string; op: Json; item: Json }> {
  return Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method], item })),
  );
}

interface Prefilled {
  method: string;
  url: string;
  /** The JSON body Swagger UI puts in its editor, or 'file' when the body is a form with a file input it cannot fill. */
  body?: unknown;
  form?: true;
}

/**
 * The request "Try it out" → "Execute" sends without an edit, read the way Swagger UI 5 fills its form: a parameter
 * takes its first `examples` entry, else `example`, else its schema's `example` or `default`, and an optional one left
 * empty is not sent; a JSON body is the first of the media type's `examples`, else its `example`. A required value
 * with none of these would be an empty field the user must type, so it fails here rather than being made up.
 */
function prefilled(doc: Json, operationId: string): Prefilled {
  const found = operationsOf(doc).find((o) => o.op.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  const { path, method, op, item } = found;
  const params = new Map<string, Json>();
  for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(doc, p))) params.set(`${p.in}:${p.name}`, p);
  let url = path;
  const query = new URLSearchParams();
  for (const p of params.values()) {
    const first = p.examples ? deref(doc, Object.values<Json>(p.examples)[0])?.value : undefined;
    const value = first ?? p.example ?? p.schema?.example ?? p.schema?.default;
    if (value === undefined) {
      if (p.required) throw new Error(`${operationId}: required ${p.in} parameter ${p.name} has no example: Swagger UI leaves it empty`);
      continue;
    }
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else if (p.in === 'query') query.set(p.name, String(value));
  }
  const out: Prefilled = { method: method.toUpperCase(), url: `${API}${url}${query.size > 0 ? `?${query}` : ''}` };
  const content = deref(doc, op.requestBody)?.content;
  if (content?.['application/json']) {
    const json = content['application/json'];
    const body = json.examples ? deref(doc, Object.values<Json>(json.examples)[0])?.value : json.example;
    if (body === undefined) throw new Error(`${operationId}: its JSON body has no example`);
    out.body = body;
  } else if (content?.['multipart/form-data']) {
    out.form = true;
  }
  return out;
}

/** Send it as the page would, with the key; a form whose file input was left empty goes with no field. */
async function send(m: TestMock, request: Prefilled, key: string = KEYS.paid): Promise<{ status: number; body: any }> {
  let test = m.http[request.method.toLowerCase() as 'get'](request.url).set('Authorization', key);
  if (request.body !== undefined) test = test.set('Content-Type', 'application/json').send(JSON.stringify(request.body));
  else if (request.form) test = test.set('Content-Type', 'multipart/form-data; boundary=docs').send('--docs--\r\n');
  const res = await test;
  return { status: res.status, body: res.body };
}

async function edition(m: TestMock, headers: Record<string, string> = {}): Promise<Json> {
  const res = await m.http.get('/docs/openapi.json').set(headers).expect(200);
  return res.body;
}

/** What an operation's example needs the world to hold first, made through the page's own examples where it can be. */
const NEEDS: Record<string, (m: TestMock) => Promise<void>> = {
  post: async (m) => {
    expect((await send(m, prefilled(await edition(m), 'createPosts'))).status).toBe(200);
  },
  // A page cannot pre-fill a file: the user picks one, as this upload does.
  media: async (m) => {
    await m.api('post', '/upload', KEYS.paid).attach('file', PNG, { filename: 'launch.png', contentType: 'image/png' }).expect(200);
  },
};

const NEEDS_POST = ['changePostStatus', 'setPostReleaseId', 'listMissingReleases', 'deletePost', 'deletePostGroup', 'getPostAnalytics'];
const NEEDS_MEDIA = ['deleteMedia'];

/**
 * The operations no static example can run, each with the documented refusal its example reaches instead (never a
 * generic 404 for a made-up id, nor a 400 for an empty field).
 */
const CANNOT_SUCCEED: Record<string, { status: number; message: RegExp; why: string }> = {
  uploadMedia: { status: 400, message: /No file provided/, why: 'multipart with a file input: Swagger UI cannot pre-fill a file' },
  uploadWithTicket: {
    status: 404,
    message: /invalid or has expired/,
    why: 'the token is single use and minted per POST /upload-ticket (and the body is a file to pick)',
  },
  uploadBriefFile: {
    status: 404,
    message: /invalid or has expired/,
    why: 'the token is single use and minted per POST /upload-ticket (and the body is a file to pick)',
  },
  uploadMediaFromUrl: {
    status: 400,
    message: /could not be resolved|public HTTPS URL/,
    why: 'the mock fetches the URL for real and takes public https images only: it needs the internet, never the case in tests',
  },
};

const contractIds = operationsOf(loadSpec())
  .map((o) => o.op.operationId as string)
  .sort();

const mocks: TestMock[] = [];
function fresh(clock?: MockClock): TestMock {
  const m = testMock(clock ? { clock } : {});
  mocks.push(m);
  return m;
}
afterAll(() => {
  for (const m of mocks) m.server.close();
});

describe("/docs's edition of the document", () => {
  it('has the contract\'s paths, operations and schemas, and /openapi.json stays the contract', async () => {
    const m = fresh();
    const doc = await edition(m);
    const contract = (await m.http.get(`${API}/openapi.json`).expect(200)).body;
    expect(contractIds.length).toBeGreaterThan(0);
    expect(operationsOf(doc).map((o) => o.op.operationId).sort()).toEqual(contractIds);
    expect(Object.keys(doc.paths)).toEqual(Object.keys(contract.paths));
    expect(doc.components.schemas).toEqual(contract.components.schemas);
    // Aimed at this mock the same way (supertest listens on a new port per request, so only the path is compared).
    expect(doc.servers.map((s: Json) => new URL(s.url).pathname)).toEqual(contract.servers.map((s: Json) => new URL(s.url).pathname));
    // The contract keeps its illustrative examples: the mock's ids are the edition's alone.
    expect(JSON.stringify(contract)).not.toContain('ch_paid_x');
    expect(contract.paths['/posts'].post.requestBody.content['application/json'].examples.schedule.value.date).toBe('2025-03-11T09:00:00.000Z');
  });

  it('names the key to use, and the page marks that key', async () => {
    const m = fresh();
    expect((await edition(m)).info.description).toContain(KEYS.paid);
    const page = (await m.http.get('/docs').expect(200)).text;
    expect(page).toContain('data-spec-url="/docs/openapi.json"');
    expect(page).toMatch(new RegExp(`data-demo-key="${KEYS.paid}" data-examples="true"`));
  });

  it('reads the world and changes nothing: ids drawn afterwards are the same as without it', async () => {
    const [a, b] = [fresh(), fresh()];
    for (let i = 0; i < 3; i++) await edition(a);
    expect(a.app.state.revision).toBe(b.app.state.revision);
    const created = await Promise.all([a, b].map(async (m) => (await send(m, prefilled(await edition(b), 'createPosts'))).body));
    expect(created[0]).toEqual(created[1]);
  });
});

describe('every operation runs its /docs example unedited with the marked key on a fresh mock', () => {
  it.each(contractIds.filter((id) => !CANNOT_SUCCEED[id]))('%s answers 2xx', async (operationId) => {
    const m = fresh();
    if (NEEDS_POST.includes(operationId)) await NEEDS.post!(m);
    if (NEEDS_MEDIA.includes(operationId)) await NEEDS.media!(m);
    // The page is (re)loaded once what the example needs exists: the edition is built from the world at that time.
    const request = prefilled(await edition(m), operationId);
    const res = await send(m, request);
    expect(res.status, `${request.method} ${request.url} → ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(300);
  });

  it.each(Object.entries(CANNOT_SUCCEED).map(([id, e]) => [id, e.status, e.why, e] as const))('%s reaches its documented %i (%s)', async (operationId, _status, _why, expected) => {
    const m = fresh();
    const doc = await edition(m);
    const request = prefilled(doc, operationId);
    const res = await send(m, request);
    expect(res.status).toBe(expected.status);
    expect(res.body.message).toMatch(expected.message);
    const op = operationsOf(doc).find((o) => o.op.operationId === operationId)!.op;
    expect(Object.keys(op.responses)).toContain(String(expected.status));
    // The operation says on the page why its example cannot run as it is.
    expect(op.description).toMatch(/^\*\*On this mock:\*\*/);
  });

  it.each([...NEEDS_POST, ...NEEDS_MEDIA])(
    'before any post or media exists, %s names what to run first and its placeholder reaches the documented 404',
    async (operationId) => {
      const m = fresh();
      const doc = await edition(m);
      const request = prefilled(doc, operationId);
      expect(request.url).toContain(NEEDS_MEDIA.includes(operationId) ? DOCS_PLACEHOLDERS.media : DOCS_PLACEHOLDERS.post);
      expect((await send(m, request)).status).toBe(404);
      const op = operationsOf(doc).find((o) => o.op.operationId === operationId)!.op;
      expect(op.description).toMatch(NEEDS_MEDIA.includes(operationId) ? /POST \/upload`.*reload/ : /POST \/posts`.*reload/);
    },
  );

  it.each([
    ['the seeded instant', T0],
    ['five years on', Date.parse('2031-06-30T23:30:00.000Z')],
  ])('dates follow the mock clock: both POST /posts examples are accepted at %s', async (_name, at) => {
    const m = fresh(new MockClock({ frozenAt: at }));
    const doc = await edition(m);
    const examples = doc.paths['/posts'].post.requestBody.content['application/json'].examples;
    for (const name of Object.keys(examples)) {
      expect(Date.parse(examples[name].value.date)).toBeGreaterThan(at);
      const res = await send(m, { method: 'POST', url: `${API}/posts`, body: examples[name].value });
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });
});

describe('the locks of /docs hold for its edition', () => {
  let mock: RunningMock | undefined;
  afterAll(async () => {
    await mock?.close();
  });

  it('answers only a Host that names the mock, and names a key under --control-token only with the token', async () => {
    mock = await startMock({ port: 0, seed: 42, controlToken: 'T0ken-for-docs' });
    const url = `${mock.origin}/docs/openapi.json`;
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      request(url, { headers: { host: 'rebound.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(403);
    const keys = Object.values(KEYS);
    const without = JSON.stringify(await (await fetch(url)).json());
    for (const key of keys) expect(without).not.toContain(key);
    const withToken = await (await fetch(url, { headers: { authorization: 'Bearer T0ken-for-docs' } })).json();
    expect(withToken.info.description).toContain(KEYS.paid);
  });
});
