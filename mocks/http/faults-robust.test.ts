// A fault models the one bug it names. On input the operation refuses itself (no body, an empty object, an array), a
// fault's own code must not crash into a 500 the catalogue does not describe: the table is every fault, on every
// operation it wraps or rewrites, with each such body.
import { describe, expect, it } from 'vitest';
import { FAULTS } from './faults/index.ts';
import { createMockApp } from './app.ts';
import { apiBasePath, loadSpec } from '../../spec/load.ts';

const document = loadSpec() as { paths: Record<string, Record<string, { operationId?: string }>> };
const where = new Map<string, { method: string; path: string }>();
for (const [path, item] of Object.entries(document.paths)) for (const [method, op] of Object.entries(item)) if (op?.operationId) where.set(op.operationId, { method: method.toUpperCase(), path });

const BODIES: Array<[string, string | undefined, string | undefined]> = [
  ['no body', undefined, undefined],
  ['an empty JSON body', 'application/json', ''],
  ['null', 'application/json', 'null'],
  ['{}', 'application/json', '{}'],
  ['[]', 'application/json', '[]'],
];

// The faults whose bug is a server error (caught by not_a_server_error) are the ones allowed to answer one.
const rows = FAULTS.filter((f) => !f.caughtBy.includes('not_a_server_error')).flatMap((f) => [...new Set([...Object.keys(f.handlers ?? {}), ...(f.operations ?? [])])].filter((id) => where.has(id) && where.get(id)!.method !== 'GET').flatMap((id) => BODIES.map(([what, type, body]) => [f.name, id, what, type, body] as const)));

describe('a fault on input the operation refuses', () => {
  it('the table is not empty: faults wrap operations that take a body', () => expect(rows.length).toBeGreaterThan(40));

  it.each(rows)('%s, %s, %s: no 5xx', async (fault, operationId, _what, type, body) => {
    const app = createMockApp({ seed: 1, faults: [fault] });
    const { method, path } = where.get(operationId)!;
    const url = `http://mock.test${apiBasePath()}${path.replace(/\{[^}]+\}/g, 'x')}`;
    const res = await app.fetch(new Request(url, { method, headers: { authorization: 'demo-payg-key', ...(type ? { 'content-type': type } : {}) }, body }));
    expect(res.status, await res.text()).toBeLessThan(500);
  });
});
