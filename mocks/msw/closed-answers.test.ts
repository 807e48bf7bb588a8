// Answers carry only what the document names: every body the parity script provokes (every operation, successes and
// refusals) is read against its schema as if the schema were closed, as a strict third-party tester (Redocly Respect's
// default) reads it, and no field may be one the document does not list. Where the reference shows an object without
// its fields, the schema is open and nothing is checked inside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockClock } from '../domain/clock.ts';
import { startMock, type RunningMock } from '../server.ts';
import { loadSpec } from '../../spec/load.ts';
import { runParitySteps } from './parity-steps.ts';

const AT = Date.parse('2026-03-02T09:00:00.000Z');
type Schema = Record<string, any>;
const doc = loadSpec() as Schema;

function resolve(schema: unknown): Schema | undefined {
  let node = schema as Schema | undefined;
  for (let hops = 0; node?.$ref && hops < 32; hops++) node = node.$ref.slice(2).split('/').reduce((at: any, part: string) => at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  return node;
}

/** Every property a schema names, through allOf, anyOf and oneOf: a body may carry any of them and nothing else. */
function named(schema: unknown): Map<string, Schema[]> {
  const out = new Map<string, Schema[]>();
  const visit = (s: Schema | undefined) => {
    if (!s) return;
    for (const [k, v] of Object.entries<Schema>(s.properties ?? {})) out.set(k, [...(out.get(k) ?? []), v]);
    for (const sub of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) visit(resolve(sub));
  };
  visit(resolve(schema));
  return out;
}

/** Fields of `value` that `schema` does not name, by path. */
function unnamed(value: unknown, schema: unknown, path: string): string[] {
  if (value === null || typeof value !== 'object') return [];
  const s = resolve(schema);
  if (!s) return [];
  if (Array.isArray(value)) {
    const items = s.items ?? [...(s.anyOf ?? []), ...(s.oneOf ?? [])].map(resolve).find((b) => b?.type === 'array')?.items;
    return value.flatMap((item, i) => unnamed(item, items, `${path}[${i}]`));
  }
  const props = named(s);
  // An object whose fields the reference does not show (no properties anywhere): open, nothing to compare.
  if (props.size === 0) return [];
  // An object the document says holds more than it names (`additionalProperties: true`: the OpenAPI description's own
  // fields): only what it names is compared.
  const open = s.additionalProperties === true;
  return Object.entries(value).flatMap(([k, v]) => {
    const found = props.get(k);
    if (!found) return open ? [] : [`${path}.${k}`];
    // Checked inside against each schema that names it: unnamed only if every one leaves it unnamed.
    const inside = found.map((f) => unnamed(v, f, `${path}.${k}`));
    return inside.reduce((a, b) => (a.length <= b.length ? a : b));
  });
}

describe('answers carry only what the document names', () => {
  let mock: RunningMock;
  const bodies: { operationId: string; status: number; body: unknown }[] = [];
  const operations: { operationId: string; method: string; path: RegExp }[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    for (const [method, op] of Object.entries<Schema>(item)) {
      if (op?.operationId) operations.push({ operationId: op.operationId, method: method.toUpperCase(), path: new RegExp(`^/api/public/v1${path.replace(/\{[^}]+\}/g, '[^/]+')}$`) });
    }
  }

  beforeAll(async () => {
    mock = await startMock({ port: 0, seed: 1, clock: new MockClock({ frozenAt: AT }), strict: true });
    const realFetch = globalThis.fetch;
    // Every answer the script gets, with the operation its request names (method and path, as the document has them).
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await realFetch(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = (init?.method ?? 'GET').toUpperCase();
      const op = operations.find((o) => o.method === method && o.path.test(url.pathname));
      const text = await response.clone().text();
      try {
        if (op) bodies.push({ operationId: op.operationId, status: response.status, body: JSON.parse(text) });
      } catch {
        // not JSON: nothing to compare
      }
      return response;
    }) as typeof fetch;
    try {
      await runParitySteps(`${mock.origin}/api/public/v1`, AT);
    } finally {
      globalThis.fetch = realFetch;
    }
  }, 120_000);

  afterAll(() => mock?.close());

  it('no answer of any operation carries a field its documented schema does not name', () => {
    const byId = new Map<string, Schema>();
    for (const item of Object.values<Schema>(doc.paths)) for (const op of Object.values<Schema>(item)) if (op?.operationId) byId.set(op.operationId, op);
    const found = bodies.flatMap((b) => {
      const response = resolve(byId.get(b.operationId)?.responses?.[String(b.status)]);
      const schema = response?.content?.['application/json']?.schema;
      return schema ? unnamed(b.body, schema, `${b.operationId} ${b.status}`) : [];
    });
    const called = new Set(bodies.map((b) => b.operationId));
    expect([...byId.keys()].filter((id) => !called.has(id)), 'operations the parity script (mocks/msw/parity-steps.ts) never calls').toEqual([]);
    expect([...new Set(found)]).toEqual([]);
  });
});
