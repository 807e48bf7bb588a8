// No variation answers 5xx: a listening mock with every variation on is sent every method (those the Fetch Request
// refuses among them) on every path of the public document, its ids real, UUID-shaped, unknown or hostile, with a
// key and without, and a JSON body where a method takes one; no answer is a 5xx and none is lost.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../server.ts';
import { variationNames } from './variations.ts';
import { apiBasePath, loadSpec } from '../../spec/load.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'TRACK', 'PROPFIND', 'FOO'];

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 5, variations: variationNames() });
});
afterAll(() => mock?.close());

/** One request with node:http (fetch refuses TRACE and TRACK); its status, or the error that lost it. */
function send(method: string, path: string, key: string | undefined, body?: string): Promise<number | string> {
  return new Promise((resolve) => {
    const url = new URL(path, mock.origin);
    const req = httpRequest(url, { method, headers: { ...(key ? { authorization: key } : {}), ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (err) => resolve(`lost: ${err.message}`));
    req.end(body);
  });
}

describe('every variation on', () => {
  it('property: no method on any path, with any id, with or without a key, answers 5xx', async () => {
    const base = apiBasePath();
    const paths = Object.keys(loadSpec().paths ?? {});
    expect(paths.length).toBeGreaterThan(20);
    // Ids as a client may send them: one of the world's (read through the variations, so a UUID), a UUID no resource
    // has, a prefixed id of the mock's own kind, and hostile ones.
    const listed = await fetch(`${mock.origin}${base}/integrations`, { headers: { authorization: 'demo-paid-key' } }).then((r) => r.json() as Promise<Array<{ id: string }>>);
    const ids = [listed[0]!.id, '3f2504e0-4f89-41d3-9a0c-0305e82c3301', 'int_x1', '%ZZ', '..', '__proto__', encodeURIComponent('\u202e$(id)')];
    const bad: string[] = [];
    for (const path of paths) {
      for (const id of ids) {
        const url = `${base}${path.replace(/\{[^}]+\}/g, id)}`;
        for (const method of METHODS) {
          for (const key of ['demo-paid-key', undefined]) {
            const status = await send(method, url, key, ['POST', 'PUT', 'PATCH'].includes(method) ? '{"id":"3f2504e0-4f89-41d3-9a0c-0305e82c3301"}' : undefined);
            if (typeof status === 'string' || status >= 500) bad.push(`${method} ${url} ${key ? 'with' : 'without'} a key: ${status}`);
          }
        }
      }
    }
    expect(bad).toEqual([]);
  }, 120_000);
});
