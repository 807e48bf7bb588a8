// Hostile requests for every public operation: odd path values, prototype keys, deep nesting, bad encodings, wrong types and methods. No server may answer them with a 5xx.
import fc from 'fast-check';
import { getValidator } from '../../spec/validator.ts';

export interface HostileRequest {
  operationId: string;
  method: string;
  /** Path and query, relative to the API root (starts with `/`). */
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array<ArrayBuffer>;
  /** One line saying what is odd about it, for failure reports. */
  label: string;
}

export interface HostileOptions {
  /** The credential to send when a case keeps the key (the cases that do not send a broken one). */
  key: string;
  /** Also bodies of megabytes and nesting thousands deep: for the mock's own tests, not for a target one does not own. */
  heavy?: boolean;
  /** A channel of the key's workspace: hostile values then also ride in valid drafts, which are saved when taken. */
  draftChannel?: string;
}

const encoder = new TextEncoder();

const nest = (depth: number, open: string, close: string, leaf = '1') => open.repeat(depth) + leaf + close.repeat(depth);

/** Path parameter values that have broken routers and lookups: prototype members, traversal, bad escapes, controls. */
export const ODD_SEGMENTS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%ZZ',
  '%',
  '%00',
  '%C0%AE',
  '%F0%9F%92%A9',
  '%E2%80%AE',
  'a'.repeat(2048),
  '-1',
  '1e309',
  'null',
  '%20',
];

/** Query strings of the same kinds, and repeated or prototype-named parameters. */
const ODD_QUERIES = [
  '?__proto__[x]=1',
  '?constructor=1&constructor=2',
  '?page=-1',
  '?page=1e309',
  '?page=%00',
  '?size=0&size=101',
  '?date=%ZZ',
  '?startDate=2026-13-45T99:99:99Z&endDate=x',
  `?search=${'q'.repeat(4000)}`,
  '?type=TOPUP,,,,',
  '?deleteFromPlatform=maybe',
  '?keepHistory=%FF',
];

function jsonBodies(heavy: boolean): Array<[string, string | Uint8Array<ArrayBuffer>]> {
  const bodies: Array<[string, string | Uint8Array<ArrayBuffer>]> = [
    ['a prototype key', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
    ['nested prototype keys', '{"posts":[{"__proto__":{"polluted":true},"settings":{"constructor":{"prototype":{"polluted":true}}}}]}'],
    ['nesting 200 deep', nest(200, '{"a":', '}')],
    ['arrays nested 200 deep', nest(200, '[', ']')],
    ['truncated JSON', '{"type":"draft","posts":[{"value":'],
    ['a top-level array', '[1,2,3]'],
    ['a top-level string', '"text"'],
    ['null', 'null'],
    ['numbers past float range', '{"inter":1e400,"size":-1e400,"page":123456789012345678901234567890}'],
    ['NaN and Infinity literals', '{"inter":NaN,"size":Infinity}'],
    ['a duplicated key', '{"type":"draft","type":"now"}'],
    ['a lone surrogate', '{"content":"\\ud800"}'],
    ['a byte-order mark', '\ufeff{}'],
    ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d])],
    ['a NUL byte', '{"a":"\u0000"}'],
    ['a 200 kB string', `{"content":"${'x'.repeat(200_000)}"}`],
    ['50,000 keys', `{${Array.from({ length: 50_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`],
  ];
  if (heavy) {
    bodies.push(
      ['nesting 5,000 deep', nest(5000, '{"a":', '}')],
      ['arrays nested 100,000 deep', nest(100_000, '[', ']')],
      ['a 6 MB string', `{"content":"${'x'.repeat(6 * 1024 * 1024)}"}`],
    );
  }
  return bodies;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/xml',
  '',
];

/** Methods no operation of the document uses on a path, and ones that are merely wrong for it. */
const ODD_METHODS = ['PATCH', 'PUT', 'DELETE', 'POST', 'GET', 'PROPFIND', 'OPTIONS'];

const BROKEN_AUTH = ['Bearer ', 'Bearer Bearer x', 'pos_', 'pos_' + 'x'.repeat(4000), '\t', 'null', 'undefined', '__proto__'];

/**
 * Valid bodies with a hole where the contract leaves a value open (extra fields are allowed, `params` and a draft's
 * `settings` are free-form): the hostile value then reaches past validation, into what the server does with it.
 */
function carriers(options: HostileOptions): Array<{ operationId: string; method: string; path: string; body: (hole: string) => string }> {
  const out = [
    { operationId: 'estimateWalletCharge', method: 'POST', path: '/wallet/estimate', body: (hole: string) => `{"provider":"x","contents":["hello"],"extra":${hole}}` },
    { operationId: 'runVideoFunction', method: 'POST', path: '/video/function', body: (hole: string) => `{"identifier":"verify","functionName":"verify","params":{"value":${hole}}}` },
  ];
  if (options.draftChannel) {
    const channel = JSON.stringify(options.draftChannel);
    out.push({
      operationId: 'createPosts',
      method: 'POST',
      path: '/posts',
      body: (hole) => `{"type":"draft","date":"2026-02-01T10:00:00.000Z","shortLink":false,"tags":[],"posts":[{"integration":{"id":${channel}},"settings":{"__type":"linkedin","extra":${hole}},"value":[{"content":"hostile","image":[]}]}]}`,
    });
  }
  return out;
}

function holes(heavy: boolean): Array<[string, string]> {
  const out: Array<[string, string]> = [
    ['nesting 100 deep', nest(100, '{"a":', '}')],
    ['prototype keys', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
    ['a 100 kB string', `"${'y'.repeat(100_000)}"`],
  ];
  if (heavy) out.push(['nesting 2,000 deep', nest(2000, '{"a":', '}')], ['arrays nested 20,000 deep', nest(20_000, '[', ']')]);
  return out;
}

/** Every public operation's template with its path parameters filled by `fill`. */
function pathOf(template: string, fill: (name: string) => string): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => fill(name));
}

/** The cases every run sends first, whatever the seed: one of each kind that has broken servers. */
export function hostileExamples(options: HostileOptions): HostileRequest[] {
  const json = { authorization: options.key, 'content-type': 'application/json' };
  const examples: HostileRequest[] = [
    { operationId: 'listMissingReleases', method: 'GET', path: '/posts/%ZZ/missing', headers: { authorization: options.key }, label: 'GET /posts/%ZZ/missing (not valid percent-encoding)' },
    { operationId: 'getSkill', method: 'GET', path: '/skills/__proto__', headers: { authorization: options.key }, label: 'GET /skills/__proto__' },
    { operationId: 'createPosts', method: 'POST', path: '/posts', headers: json, body: encoder.encode('{"__proto__":{"polluted":true}}'), label: 'createPosts with a prototype key' },
    { operationId: 'estimateWalletCharge', method: 'POST', path: '/wallet/estimate', headers: json, body: encoder.encode(nest(200, '{"a":', '}')), label: 'estimateWalletCharge with nesting 200 deep' },
    { operationId: 'listPosts', method: 'PROPFIND', path: '/posts', headers: { authorization: options.key }, label: 'PROPFIND /posts' },
  ];
  return examples.map((r) => Object.assign(r, { [fc.toStringMethod]: () => r.label }));
}

/** One hostile request for one of the document's public operations. */
export function hostileRequest(options: HostileOptions): fc.Arbitrary<HostileRequest> {
  const ops = getValidator().operations.filter((op) => op.secured || op.requestContentTypes.length > 0 || op.path.includes('{'));
  const bodies = jsonBodies(Boolean(options.heavy));
  const op = fc.constantFrom(...ops);
  const segment = fc.constantFrom(...ODD_SEGMENTS);
  const realisticPath = (template: string) => pathOf(template, () => 'verify-missing-id');

  const oddPath = fc.tuple(op, segment, fc.constantFrom('', ...ODD_QUERIES)).map(([o, seg, query]) => ({
    operationId: o.operationId,
    method: o.method.toUpperCase(),
    path: pathOf(o.path, () => seg) + query,
    headers: { authorization: options.key } as Record<string, string>,
    label: `${o.method.toUpperCase()} ${o.path} with path values ${JSON.stringify(seg.slice(0, 40))}${query ? ` and query ${query.slice(0, 60)}` : ''}`,
  }));

  const oddBody = fc.tuple(op, fc.constantFrom(...bodies), fc.constantFrom(...CONTENT_TYPES)).map(([o, [what, body], type]) => ({
    operationId: o.operationId,
    method: o.method === 'get' || o.method === 'delete' ? 'POST' : o.method.toUpperCase(),
    path: realisticPath(o.path),
    headers: { authorization: options.key, ...(type ? { 'content-type': type } : {}) } as Record<string, string>,
    body: typeof body === 'string' ? encoder.encode(body) : body,
    label: `${o.operationId} with ${what} as ${type || 'no content type'}`,
  }));

  const oddMethod = fc.tuple(op, fc.constantFrom(...ODD_METHODS)).map(([o, method]) => ({
    operationId: o.operationId,
    method,
    path: realisticPath(o.path),
    headers: { authorization: options.key } as Record<string, string>,
    label: `${method} on ${o.path} (documented: ${o.method.toUpperCase()})`,
  }));

  const oddAuth = fc.tuple(op, fc.constantFrom(...BROKEN_AUTH)).map(([o, auth]) => ({
    operationId: o.operationId,
    method: o.method.toUpperCase(),
    path: realisticPath(o.path),
    headers: { authorization: auth } as Record<string, string>,
    label: `${o.operationId} with Authorization ${JSON.stringify(auth.slice(0, 30))}`,
  }));

  const carried = fc.tuple(fc.constantFrom(...carriers(options)), fc.constantFrom(...holes(Boolean(options.heavy)))).map(([c, [what, hole]]) => ({
    operationId: c.operationId,
    method: c.method,
    path: c.path,
    headers: { authorization: options.key, 'content-type': 'application/json' } as Record<string, string>,
    body: encoder.encode(c.body(hole)),
    label: `${c.operationId}: a valid body carrying ${what}`,
  }));

  // A failure prints the one-line label, not a body of megabytes.
  return fc.oneof(oddPath, oddBody, oddMethod, oddAuth, carried).map((r: HostileRequest) => Object.assign(r, { [fc.toStringMethod]: () => r.label }));
}
