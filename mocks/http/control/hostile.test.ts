// The control API under hostile input, the counterpart of suites/hostile.test.ts: every operation of spec/control.yaml
// gets wrong types, huge, negative and NaN-like numbers, deep JSON, prototype keys, empty bodies, extra fields, odd
// content types, odd path values and methods. Never a 5xx, never a change after a refusal, and the public API answers after.
import { describe, expect, it } from 'vitest';
import { MockClock } from '../../domain/clock.ts';
import { createMockApp, type MockApp } from '../app.ts';
import type { CompiledOperation } from '../../../spec/validator.ts';
import { parseLatency } from '../latency.ts';
import { T0, KEYS, API } from '../../testing.ts';

const ORIGIN = 'http://127.0.0.1:4010';
const encoder = new TextEncoder();
const nest = (depth: number, open: string, close: string, leaf = '1') => open.repeat(depth) + leaf + close.repeat(depth);

interface Case {
  method: string;
  /** Path and query from the origin. */
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array<ArrayBuffer> | string;
  label: string;
}

/** The world, the limits, the clock, the faults and the latency: everything a control request can change. */
function fingerprint(app: MockApp): string {
  const s = app.state;
  const world = JSON.stringify(s.world, (key, value) => {
    if (key === 'postRequests') return undefined;
    if (value instanceof Map) return [...value.entries()];
    if (value instanceof Set) return [...value.values()];
    return value;
  });
  return JSON.stringify([world, s.config, s.clock.now(), s.clock.frozen, [...s.faults], s.latency.seed, s.journal.size]);
}

/** Values that have broken numeric and string handling: wrong types, past float and date range, NaN-like text, prototype keys. */
const ODD_VALUES: Array<[string, string]> = [
  ['a string', '"x"'],
  ['an empty string', '""'],
  ['a 100 kB string', `"${'y'.repeat(100_000)}"`],
  ['zero', '0'],
  ['-1', '-1'],
  ['a fraction', '0.5'],
  ['1e13', '1e13'],
  ['1e21', '1e21'],
  ['1e308', '1e308'],
  ['-1e308', '-1e308'],
  ['past 2^53', '9007199254740993'],
  ['a number past float range', '1e400'],
  ['"NaN"', '"NaN"'],
  ['"Infinity"', '"Infinity"'],
  ['"-0"', '"-0"'],
  ['"1e999"', '"1e999"'],
  ['a far date', '"+275760-09-13T00:00:00.000Z"'],
  ['year 0', '"0000-01-01T00:00:00.000Z"'],
  ['year 9999', '"9999-12-31T23:59:59.999Z"'],
  ['true', 'true'],
  ['null', 'null'],
  ['an array', '[1,"a",null]'],
  ['an object', '{"a":1}'],
  ['prototype keys', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
  ['nesting 100 deep', nest(100, '{"a":', '}')],
];

const WHOLE_BODIES: Array<[string, string | Uint8Array<ArrayBuffer>]> = [
  ['an empty body', ''],
  ['{}', '{}'],
  ['a top-level array', '[1,2,3]'],
  ['a top-level string', '"text"'],
  ['null', 'null'],
  ['truncated JSON', '{"a":'],
  ['NaN and Infinity literals', '{"a":NaN,"b":Infinity}'],
  ['numbers past float range', '{"credits":1e400,"advanceSeconds":1e400,"postsPerHour":1e400}'],
  ['a prototype key', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
  ['nesting 200 deep', nest(200, '{"a":', '}')],
  ['arrays nested 100,000 deep', nest(100_000, '[', ']')],
  ['50,000 keys', `{${Array.from({ length: 50_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`],
  ['a byte-order mark', '\ufeff{}'],
  ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d])],
  ['a lone surrogate', '{"name":"\\ud800"}'],
  ['a 6 MB string', `{"name":"${'x'.repeat(6 * 1024 * 1024)}"}`],
];

const ODD_SEGMENTS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '%ZZ', '%00', '%2e%2e', 'a'.repeat(2048), '-1', '1e309', 'NaN', 'null'];
const ODD_QUERY_VALUES = ['', '-1', 'NaN', '1e309', '9007199254740993', '__proto__', '%ZZ', '%00', 'q'.repeat(4000), '0000-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z'];
const CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=', 'application/json; charset=utf-16', 'application/xml', ''];
const ODD_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND'];

/** A value of each path parameter that names something real, so the body and query cases reach past the lookup. */
function realParam(op: CompiledOperation, name: string): string {
  if (name === 'id') return op.path.startsWith('/channels/') ? 'ch_payg_x' : 'ws_payg_demo';
  if (name === 'webhookId') return 'wh_missing';
  if (name === 'category') return 'foundation';
  if (name === 'key') return 'north-star';
  return 'x';
}

const isAppHost = (op: CompiledOperation) => op.tags.includes('App host');
const base = (op: CompiledOperation) => (isAppHost(op) ? '' : '/_mock');
const fill = (op: CompiledOperation, value: (name: string) => string) => base(op) + op.path.replace(/\{([^}]+)\}/g, (_, n: string) => value(n));

/** The documented example body of an operation (or one a test supplies), the base every field case changes one field of. */
function exampleBody(op: CompiledOperation, supplied: Record<string, unknown>): Record<string, unknown> | undefined {
  if (supplied[op.operationId]) return supplied[op.operationId] as Record<string, unknown>;
  const content = op.operation.requestBody?.content ?? {};
  const media = content['application/json'] ?? content['application/x-www-form-urlencoded'];
  return media?.example ?? (op.requestContentTypes.length > 0 ? {} : undefined);
}

function formText(body: Record<string, unknown>): string {
  return new URLSearchParams(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
}

/** A schema with its `$ref` followed (the control document's refs are local). */
function deref(doc: Record<string, any>, schema: any): any {
  for (let i = 0; schema?.$ref && i < 16; i++) schema = schema.$ref.slice(2).split('/').reduce((node: any, key: string) => node?.[key], doc);
  return schema;
}

/** Every hostile case for one operation, in a fixed order. */
function casesFor(op: CompiledOperation, supplied: Record<string, unknown>, doc: Record<string, any>): Case[] {
  const method = op.method.toUpperCase();
  const path = fill(op, (n) => realParam(op, n));
  const json = op.requestContentTypes.includes('application/json');
  const form = !json && op.requestContentTypes.includes('application/x-www-form-urlencoded');
  const type = json ? 'application/json' : form ? 'application/x-www-form-urlencoded' : 'application/json';
  const out: Case[] = [];
  const add = (c: Omit<Case, 'label'>, what: string) => out.push({ ...c, label: `${op.operationId} (${c.method} ${c.path.slice(0, 80)}): ${what}` });

  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    for (const seg of ODD_SEGMENTS) add({ method, path: fill(op, (n) => (n === p.name ? seg : realParam(op, n))), headers: {} }, `path ${p.name}=${seg.slice(0, 30)}`);
  }
  for (const p of op.parameters.filter((p) => p.in === 'query')) {
    for (const v of ODD_QUERY_VALUES) add({ method, path: `${path}?${p.name}=${v}`, headers: {} }, `query ${p.name}=${v.slice(0, 30)}`);
    add({ method, path: `${path}?${p.name}=a&${p.name}=b`, headers: {} }, `query ${p.name} twice`);
  }
  add({ method, path: `${path}?__proto__[polluted]=1&constructor[prototype][polluted]=1`, headers: {} }, 'prototype keys in the query');
  for (const m of ODD_METHODS.filter((m) => m !== method)) add({ method: m, path, headers: m === 'GET' ? {} : { 'content-type': 'application/json' }, body: m === 'GET' ? undefined : '{}' }, `method ${m}`);

  const bodyMethod = method === 'GET' ? 'POST' : method;
  for (const [what, body] of WHOLE_BODIES) add({ method: bodyMethod, path, headers: { 'content-type': type }, body }, `body: ${what}`);
  add({ method: bodyMethod, path, headers: {} }, 'no body, no content type');
  add({ method: bodyMethod, path, headers: { 'content-type': type } }, 'no body');

  const example = exampleBody(op, supplied);
  if (example !== undefined) {
    const encode = (b: Record<string, unknown>) => (form ? formText(b) : JSON.stringify(b));
    add({ method, path, headers: { 'content-type': type }, body: encode(example) }, 'the example as sent');
    for (const ct of CONTENT_TYPES) add({ method, path, headers: ct ? { 'content-type': ct } : {}, body: JSON.stringify(example) }, `the example as ${ct || 'no content type'}`);
    const extra = form ? `${formText(example)}&extra=1&__proto__[polluted]=1&constructor=x` : `${JSON.stringify(example).slice(0, -1)}${Object.keys(example).length ? ',' : ''}"extra":1,"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`;
    add({ method, path, headers: { 'content-type': type }, body: extra }, 'the example with extra and prototype fields');
    const schema = deref(doc, op.operation.requestBody?.content?.[type]?.schema);
    const schemaProps: Record<string, any> = schema?.properties ?? {};
    const fields = [...new Set([...Object.keys(example), ...Object.keys(schemaProps)])];
    /** `example` with `raw` (JSON text, so numbers past float range stay as written) at `field`, or at `field.sub`. */
    const withValue = (field: string, raw: string, sub?: string) => {
      if (form) return formText({ ...example, [field]: JSON.parse(raw) });
      const inner = sub === undefined ? raw : `{"${sub}":${raw}}`;
      return JSON.stringify({ ...example, [field]: 0 }).replace(`"${field}":0`, `"${field}":${inner}`);
    };
    for (const field of fields) {
      add({ method, path, headers: { 'content-type': type }, body: encode(Object.fromEntries(Object.entries(example).filter(([k]) => k !== field))) }, `the example without ${field}`);
      for (const [what, raw] of ODD_VALUES) add({ method, path, headers: { 'content-type': type }, body: withValue(field, raw) }, `${field} = ${what}`);
      // One level down too (the caps of PUT /limits, a scenario's clock and config).
      for (const sub of Object.keys(deref(doc, schemaProps[field])?.properties ?? {})) {
        for (const [what, raw] of ODD_VALUES) add({ method, path, headers: { 'content-type': type }, body: withValue(field, raw, sub) }, `${field}.${sub} = ${what}`);
      }
    }
  }
  return out;
}

async function send(app: MockApp, c: Case): Promise<Response> {
  const body = c.body === undefined || c.method === 'GET' || c.method === 'HEAD' ? undefined : typeof c.body === 'string' ? encoder.encode(c.body) : c.body;
  return app.fetch(new Request(`${ORIGIN}${c.path}`, { method: c.method, headers: c.headers, body }));
}

describe('control API hostile input', () => {
  it('every operation of spec/control.yaml: no hostile request gets a 5xx, a refused one changes nothing, and the public API answers after', async () => {
    // Strict: a control answer outside its document would come back as a 500 and fail here too. No test touches DNS or the network.
    const app = createMockApp({
      seed: 7,
      strict: true,
      clock: new MockClock({ frozenAt: T0 }),
      effects: { lookupHost: async () => ['93.184.216.34'], deliverWebhook: async () => ({ status: 204, error: null }) },
    });
    const scenario = await (await app.fetch(new Request(`${ORIGIN}/_mock/scenario`))).json();
    const operations = app.state.controlValidator.operations;
    expect(operations.length).toBeGreaterThanOrEqual(40);
    const failures: string[] = [];
    const sent = new Map<string, number>();
    for (const op of operations) {
      for (const c of casesFor(op, { importScenario: scenario }, app.state.controlValidator.document as Record<string, any>)) {
        const before = fingerprint(app);
        const res = await send(app, c);
        const text = await res.text();
        sent.set(op.operationId, (sent.get(op.operationId) ?? 0) + 1);
        if (res.status >= 500) failures.push(`${c.label}: ${res.status} ${text.slice(0, 200)}`);
        else if (res.status >= 400 && fingerprint(app) !== before) failures.push(`${c.label}: answered ${res.status} and changed the world`);
        else if (res.status < 400) {
          // A change taken is fine if the mock can still answer and still save its world: the public API, the clock,
          // and the export (checked against the Scenario schema in strict mode, as a state file will be read back).
          // A latency taken is real waiting: it is switched off first, so the probes answer at once.
          if (op.operationId === 'setLatency') app.state.latency.set(parseLatency('off'));
          for (const probe of [`${API}/integrations`, `${API}/notifications`, '/_mock/clock', '/_mock/scenario']) {
            const r = await app.fetch(new Request(`${ORIGIN}${probe}`, { headers: { authorization: KEYS.paid } }));
            const t = await r.text();
            if (r.status >= 500) failures.push(`${c.label}: taken, and GET ${probe} then answered ${r.status} ${t.slice(0, 200)}`);
          }
        }
      }
      // Each operation starts from the seeded world, whatever the last one took.
      await (await app.fetch(new Request(`${ORIGIN}/_mock/reset`, { method: 'POST' }))).body?.cancel();
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect([...sent.keys()].sort()).toEqual(operations.map((o) => o.operationId).sort());
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const res = await app.fetch(new Request(`${ORIGIN}${API}/integrations`, { headers: { authorization: KEYS.payg } }));
    expect(res.status).toBe(200);
  }, 240_000);
});

describe('the states hook under hostile ids', () => {
  it('POST /_mock/states, every state and every id parameter: a hostile id answers 404 or 400 with nothing changed, never another operation', async () => {
    const app = createMockApp({ seed: 7, strict: true, clock: new MockClock({ frozenAt: T0 }), effects: { lookupHost: async () => ['93.184.216.34'], deliverWebhook: async () => ({ status: 204, error: null }) } });
    const { STATE_CALLS } = await import('./states.ts');
    const ids = [...ODD_SEGMENTS, '.', '..', '../..', '../../reset', '/', 'a/../../reset', '..%2f', '?x=1', '#x', ' ', '\u202e'];
    const failures: string[] = [];
    let sent = 0;
    for (const [state, call] of Object.entries(STATE_CALLS)) {
      // The id parameters a state reads: each one it asks for, found by calling it with none.
      const params: Record<string, unknown> = {};
      for (let i = 0; i < 4; i++) {
        try {
          call(params);
          break;
        } catch (err) {
          const name = /params\.(\w+)/.exec((err as Error).message)?.[1];
          if (!name) break;
          params[name] = name === 'channel' ? 'ch_payg_x' : name === 'webhook' ? 'wh_missing' : 'ws_payg_demo';
        }
      }
      for (const param of ['workspace', ...Object.keys(params)].filter((p, i, all) => all.indexOf(p) === i)) {
        for (const id of ids) {
          const before = fingerprint(app);
          const res = await app.fetch(new Request(`${ORIGIN}/_mock/states`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ state, params: { ...params, [param]: id } }) }));
          const text = await res.text();
          sent++;
          const label = `${state} with ${param}=${JSON.stringify(id.slice(0, 30))}`;
          if (res.status >= 500) failures.push(`${label}: ${res.status} ${text.slice(0, 200)}`);
          else if (res.status >= 400 && fingerprint(app) !== before) failures.push(`${label}: answered ${res.status} and changed the world`);
          // A state that reads this parameter as an id must not take a hostile one; one that ignores it may succeed.
          else if (res.status < 400 && param in params) failures.push(`${label}: answered ${res.status}`);
          // A dot segment names nothing, as an unknown id in the control API does.
          else if ((id === '.' || id === '..') && param in params && res.status !== 404) failures.push(`${label}: answered ${res.status}, not 404`);
          if (res.status < 400) await (await app.fetch(new Request(`${ORIGIN}/_mock/reset`, { method: 'POST' }))).body?.cancel();
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);
});
