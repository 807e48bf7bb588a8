// A JSON report read back (`spw replay`, `spw report merge`, `--shard-timings`) is untrusted input: a CI artifact anyone
// can hand over. Before anything uses it, it is checked against this schema, with a bound on every number and list a
// reader loops over or allocates by (runs, shard index and count, failures, results, coverage rows) and on every text:
// a report that breaks it is refused with one line naming the field, and nothing of it is used. The bounds are far
// above what a real run writes (its runs come from --runs, its shards from --shard, its checks from the registry).
import { readFileSync, statSync } from 'node:fs';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import secureJson from 'secure-json-parse';
import { BOUND_LIMITS } from './bounded.ts';
import type { RunReport } from './run-report.ts';

/** The largest report file read: a whole run with every failure's script is a few MiB. */
export const MAX_REPORT_BYTES = 64 * 1024 * 1024;
/** The most cases per property a report may ask a replay for (verify's default is 10). */
export const MAX_RUNS = 10_000;
/** The most shards a run may be split into. */
export const MAX_SHARDS = 1_000;

const name = { type: 'string', maxLength: 200 } as const;
const url = { type: 'string', maxLength: 2048 } as const;
const text = { type: 'string', maxLength: 1_000_000 } as const;
const count = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;
const ms = { type: 'number', minimum: 0, maximum: 1e12 } as const;
const list = (items: object, maxItems: number) => ({ type: 'array', items, maxItems });
const status = { enum: ['passed', 'passed in part', 'failed', 'not verified'] } as const;

const failure = {
  type: 'object',
  required: ['check', 'received', 'documented'],
  properties: {
    check: name,
    part: name,
    operation: name,
    received: text,
    documented: text,
    seed: count,
    sequence: list(text, 1000),
    reproduce: text,
    replay: text,
    exchange: { type: 'object', properties: { request: text, status: count, answer: text } },
    id: { type: 'string', pattern: '^F[0-9]{1,7}$' },
    kind: text,
    property: text,
    foundBy: name,
  },
};

/** POST /posts by the kind of workspace (suites/run-report.ts PostsByKind). */
const posts = { type: 'object', additionalProperties: false, properties: { free: count, payg: count, paid: count } } as const;

const result = {
  type: 'object',
  required: ['name', 'status', 'failures'],
  properties: {
    name,
    area: name,
    kind: { enum: ['response', 'property'] },
    description: text,
    sections: list(name, 200),
    states: list(name, 200),
    status,
    notes: list(text, 1000),
    notAsked: list(text, 1000),
    failures: list(failure, 10_000),
    assertions: count,
    requests: count,
    ms,
    parts: list({ type: 'object', required: ['name', 'status'], properties: { name, status, operations: list(name, 1000), assertions: count, requests: count, posts, ms } }, 1000),
    operations: list(name, 1000),
    cutShort: { type: 'boolean' },
    posts,
  },
};

const ids = list(name, 1000);
const coverage = {
  type: 'object',
  required: ['operations'],
  properties: {
    percent: { type: 'number', minimum: 0, maximum: 100 },
    counted: count,
    asserted: count,
    reachedOnly: count,
    neverReached: count,
    operations: list(
      {
        type: 'object',
        required: ['operationId', 'asserted', 'reachedOnly', 'neverReached'],
        properties: {
          operationId: name,
          asserted: ids,
          reachedOnly: ids,
          neverReached: ids,
          unprovokable: list({ type: 'object', properties: { id: name, why: text, reached: { type: 'boolean' } } }, 1000),
          wouldReachWith: { type: 'object', maxProperties: 1000, additionalProperties: ids },
          reachedBy: { type: 'object', maxProperties: 1000, additionalProperties: ids },
        },
      },
      1000,
    ),
  },
};

const flags = {
  type: 'object',
  required: ['keys'],
  properties: {
    target: url,
    basePath: url,
    states: url,
    control: url,
    appUrl: url,
    mediaUrl: url,
    maxRps: { type: 'number', exclusiveMinimum: 0, maximum: 100_000 },
    keys: { type: 'array', items: { enum: ['free', 'payg', 'paid'] }, maxItems: 3, uniqueItems: true },
    statesToken: { type: 'boolean' },
    controlToken: { type: 'boolean' },
    inProcess: { type: 'boolean' },
    faults: list(name, 500),
    variations: list(name, 500),
    bounds: {
      type: 'object',
      properties: {
        maxBytes: { type: 'integer', minimum: 1, maximum: BOUND_LIMITS.maxBytes },
        timeoutMs: { type: 'integer', minimum: 1, maximum: BOUND_LIMITS.timeoutMs },
        maxListItems: { type: 'integer', minimum: 1, maximum: BOUND_LIMITS.maxListItems },
      },
    },
  },
};

const report = {
  type: 'object',
  properties: {
    target: url,
    flags,
    seed: { type: 'integer', minimum: 0, maximum: 2 ** 32 },
    runs: { type: 'integer', minimum: 1, maximum: MAX_RUNS },
    startedAt: name,
    durationMs: ms,
    requests: count,
    requestsPerSecond: { type: 'number', minimum: 0 },
    hook: url,
    shard: {
      type: 'object',
      required: ['index', 'count'],
      properties: { index: { type: 'integer', minimum: 1, maximum: MAX_SHARDS }, count: { type: 'integer', minimum: 1, maximum: MAX_SHARDS } },
    },
    lanes: { type: 'integer', minimum: 1, maximum: 10_000 },
    limited: {
      type: 'object',
      properties: {
        answers: count,
        waitedMs: ms,
        closed: list({ type: 'object', required: ['workspace', 'accepted'], properties: { workspace: name, accepted: count } }, 100),
        cutShort: list(name, 2000),
        budget: { type: 'object', required: ['postsPerHour', 'leftOut'], properties: { postsPerHour: count, leftOut: list({ type: 'object', required: ['name', 'posts'], properties: { name, posts } }, 10_000) } },
      },
    },
    results: list(result, 2000),
    coverage,
    notImplemented: list({ type: 'object', required: ['operationId', 'blocked'], properties: { operationId: name, answered: text, calls: count, blocked: list(name, 2000), inScope: { type: 'boolean' } } }, 1000),
    scope: list(name, 1000),
    outOfScope: list({ type: 'object', required: ['name', 'needs'], properties: { name, needs: list(name, 1000) } }, 2000),
    ok: { type: 'boolean' },
    reasons: list(text, 1000),
  },
};

/** What each reader needs of a report: a replay its failures and how they ran, a merge every total it adds up. */
const REQUIRED = {
  replay: ['seed', 'runs', 'results'],
  merge: ['target', 'seed', 'runs', 'startedAt', 'durationMs', 'requests', 'results', 'coverage', 'ok'],
  timings: ['results'],
} as const;

export type ReportUse = keyof typeof REQUIRED;

const ajv = new Ajv2020({ allErrors: false, strict: false });
const validators = Object.fromEntries(Object.entries(REQUIRED).map(([use, required]) => [use, ajv.compile({ ...report, required: [...required] })])) as Record<ReportUse, ReturnType<typeof ajv.compile>>;

/** A report that cannot be used, with the one line that says why. */
export class ReportError extends Error {}

/** The field an Ajv error names, as a reader finds it: `results[3].failures[0].id`. */
function field(e: ErrorObject): string {
  const path = e.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, p) => (/^\d+$/.test(p) ? `${out}[${p}]` : out ? `${out}.${p}` : p), '');
  return e.keyword === 'required' ? [path, (e.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.') : path || '(the whole report)';
}

/** The problem in words, bounds and all. */
function problem(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'is missing';
    case 'maximum':
    case 'minimum':
    case 'exclusiveMinimum':
      return `is out of bounds (${e.message})`;
    case 'maxItems':
      return `is too long (at most ${p.limit} items)`;
    case 'maxLength':
      return `is too long (at most ${p.limit} characters)`;
    default:
      return e.message ?? 'is not valid';
  }
}

/** A report's JSON text checked for `use`; throws a ReportError naming the field. */
export function parseReport(json: string, use: ReportUse, source = 'the report'): RunReport {
  let value: unknown;
  try {
    // Prototype keys dropped: a report's objects are spread and merged.
    value = secureJson.parse(json, undefined, { protoAction: 'remove', constructorAction: 'remove' });
  } catch (err) {
    throw new ReportError(`${source} is not JSON: ${(err as Error).message}`);
  }
  const validate = validators[use];
  if (!validate(value)) {
    const e = validate.errors![0]!;
    throw new ReportError(`${source} is not a report spw can use: ${field(e)} ${problem(e)}`);
  }
  const r = value as RunReport;
  if (r.shard && r.shard.index > r.shard.count) throw new ReportError(`${source} is not a report spw can use: shard.index is out of bounds (above shard.count)`);
  return r;
}

/** A report file read and checked; throws a ReportError (no such file, too large, not a report). */
export function readReport(file: string, use: ReportUse): RunReport {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new ReportError(`no such file ${file} (the JSON report of a verify run: --json <file>)`);
  }
  if (size > MAX_REPORT_BYTES) throw new ReportError(`${file} is larger than a report (${MAX_REPORT_BYTES / 1024 / 1024} MiB at most)`);
  return parseReport(readFileSync(file, 'utf8'), use, file);
}
