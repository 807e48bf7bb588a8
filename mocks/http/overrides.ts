// Answers on demand, for the states a UI must show: any documented status of a public operation with the document's
// example body, a server error (SERVER_ERRORS), a dropped connection, or a delay. Asked per request with `Prefer` (RFC 7240: Prism's `code`,
// `example` and `dynamic`, and the mock's `error` and `delay`) or for the next calls through the control API
// (POST /_mock/overrides). The pipeline consults this before an operation runs (mocks/http/pipeline.ts `journaled`):
// an answer given here never runs the operation, so nothing changes.
import type { components } from '../../spec/generated/control.d.ts';
import type { CompiledOperation } from '../../spec/validator.ts';
import { deref as resolve, describeViolations } from '../../spec/validator.ts';
import { rateLimited } from '../domain/errors.ts';
import { MAX_LATENCY_MS } from './latency.ts';
import { SERVER_ERROR_RETRY_AFTER_SECONDS, SERVER_ERRORS } from './server-errors.ts';

export { SERVER_ERROR_RETRY_AFTER_SECONDS, SERVER_ERRORS };

export type OverrideCreate = components['schemas']['OverrideCreate'];
export type OverrideView = components['schemas']['Override'];
export type JournalOverride = components['schemas']['JournalOverride'];

/** Overrides kept at most: each is a line of test setup, and 100 covers every operation twice over. */
export const MAX_OVERRIDES = 100;

/** The `Retry-After` an overridden 429 carries, as the mock's real 429s do (the reference says only that the client waits). */
export const OVERRIDE_RETRY_AFTER_SECONDS = 60;

/** A request for an answer the operation cannot give (a status it does not document, an unknown example); the message says what it can. */
export class OverrideRefused extends Error {}

/** A documented answer, built once per operation, status and example and checked against the document then. */
export interface Canned {
  status: number;
  /** The example's name; absent when the document has none for the status and the mock built the body. */
  example?: string;
  /** Absent for a response without content. */
  body?: unknown;
  contentType?: string;
  /** Headers the response documents, and Retry-After on a 429; date-time ones read the mock clock. */
  headers(now: number): Record<string, string>;
}

/** What one request gets: a canned answer, a dropped connection, a delay, or a refusal of its `Prefer`. */
export interface Plan {
  by: 'prefer' | 'control';
  id?: string;
  canned?: Canned;
  network?: boolean;
  delayMs?: number;
  /** `Preference-Applied` (RFC 7240 §3): the preferences honoured, as the request wrote them. */
  applied?: string;
  /** Why the request's `Prefer` cannot be honoured: it is answered 400 with this, and the operation does not run. */
  refused?: string;
}

type Doc = Record<string, any>;

/** The exact statuses an operation documents, ascending (`default` and `4XX`-style ranges name no one status). */
export function documentedStatuses(op: CompiledOperation): number[] {
  return op.responseStatuses.filter((s) => /^\d{3}$/.test(s)).map(Number).sort((a, b) => a - b);
}

function mediaOf(response: any): { type: string; media: any } | undefined {
  const content = response?.content ?? {};
  const type = content['application/json'] ? 'application/json' : Object.keys(content)[0];
  return type === undefined ? undefined : { type, media: content[type] };
}

/** The examples of a documented response, by name: the unnamed `example` is called `example`. */
function examplesOf(document: Doc, media: any): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  if (media && Object.hasOwn(media, 'example')) out.push(['example', media.example]);
  for (const [name, raw] of Object.entries<any>(media?.examples ?? {})) {
    const example = resolve(document, raw);
    if (example && Object.hasOwn(example, 'value')) out.push([name, example.value]);
  }
  return out;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found', 408: 'Request Timeout',
  409: 'Conflict', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Entity', 429: 'Too Many Requests',
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

/**
 * Bodies for a documented status the document shows no example of, best first: the mock's own answer for that status
 * (its 429), then the reference's error shape. The first the document accepts is used.
 */
function builtBodies(status: number): unknown[] {
  const reason = REASONS[status] ?? `HTTP ${status}`;
  const own = status === 429 ? [{ statusCode: 429, message: rateLimited().message }] : [];
  return [...own, { statusCode: status, msg: reason, message: reason }];
}

function headerValue(document: Doc, raw: any, now: number): string | undefined {
  const header = resolve(document, raw);
  const schema = resolve(document, header?.schema) ?? {};
  const example = header?.example ?? schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
  if (schema.format === 'date-time') return new Date(now).toISOString();
  if (example !== undefined) return String(example);
  return header?.required ? (schema.type === 'integer' || schema.type === 'number' ? '0' : 'example') : undefined;
}

const built = new WeakMap<CompiledOperation, Map<string, Canned>>();

/**
 * The answer for `status` (and the example named, else the first), checked against the document once: a body that
 * breaks it is a bug of the document or of the mock, thrown as one. Refuses what the operation does not document.
 * Without `status`, the lowest status holding an example named `example`.
 */
export function cannedAnswer(document: Doc, op: CompiledOperation, status: number | undefined, example: string | undefined): Canned {
  const statuses = documentedStatuses(op);
  if (status === undefined) {
    const holder = statuses.find((s) => examplesOf(document, mediaOf(resolve(document, op.operation.responses[String(s)]))?.media).some(([n]) => n === example));
    if (holder === undefined) throw new OverrideRefused(`${op.operationId} has no example named '${example}'; its examples are ${exampleList(document, op)}`);
    status = holder;
  }
  const serverError = !statuses.includes(status) && SERVER_ERRORS.includes(status);
  if (!statuses.includes(status) && !serverError) {
    throw new OverrideRefused(`${op.operationId} does not document ${status}; it documents ${statuses.join(', ')}, and any operation answers ${SERVER_ERRORS.join(', ')}`);
  }
  if (serverError && example !== undefined) {
    throw new OverrideRefused(`${op.operationId} ${status} has no examples: the document lists no ${status}, and the mock answers it in the Error shape`);
  }
  let byKey = built.get(op);
  if (!byKey) built.set(op, (byKey = new Map()));
  const key = `${status} ${example ?? ''}`;
  const kept = byKey.get(key);
  if (kept) return kept;
  if (serverError) {
    const reason = REASONS[status]!;
    const retry: Record<string, string> = status === 503 ? { 'retry-after': String(SERVER_ERROR_RETRY_AFTER_SECONDS) } : {};
    const canned: Canned = { status, body: { statusCode: status, msg: reason, message: reason }, contentType: 'application/json', headers: () => ({ ...retry }) };
    byKey.set(key, canned);
    return canned;
  }

  const response = resolve(document, op.operation.responses[String(status)]);
  const found = mediaOf(response);
  const examples = examplesOf(document, found?.media);
  let chosen: [string | undefined, unknown] | undefined;
  if (example !== undefined) {
    const hit = examples.find(([n]) => n === example);
    if (!hit) throw new OverrideRefused(`${op.operationId} ${status} has no example named '${example}'; it has ${examples.map(([n]) => n).join(', ') || 'none'}`);
    chosen = hit;
  } else if (examples.length > 0) chosen = examples[0]!;
  const headerSpecs = Object.entries<any>(response?.headers ?? {});
  const headers = (now: number) => {
    const out: Record<string, string> = {};
    for (const [name, raw] of headerSpecs) {
      const value = headerValue(document, raw, now);
      if (value !== undefined) out[name.toLowerCase()] = value;
    }
    if (status === 429 && !out['retry-after']) out['retry-after'] = String(OVERRIDE_RETRY_AFTER_SECONDS);
    return out;
  };
  const check = (body: unknown) =>
    op.validateResponse(status, body, { ...(found ? { 'content-type': found.type } : {}), ...headers(Date.now()) });
  let canned: Canned | undefined;
  if (!found) canned = { status, headers };
  else if (chosen) {
    const violations = check(chosen[1]);
    if (violations.length > 0) throw new Error(`The document's example ${chosen[0]} of ${op.operationId} ${status} breaks its schema: ${describeViolations(violations).join('; ')}`);
    canned = { status, example: chosen[0], body: chosen[1], contentType: found.type, headers };
  } else {
    const body = builtBodies(status).find((b) => check(b).length === 0);
    if (body === undefined) throw new Error(`${op.operationId} ${status} has no example, and no body the mock builds fits its schema: add an example to the document`);
    canned = { status, body, contentType: found.type, headers };
  }
  byKey.set(key, canned);
  return canned;
}

function exampleList(document: Doc, op: CompiledOperation): string {
  const names = documentedStatuses(op).flatMap((s) =>
    examplesOf(document, mediaOf(resolve(document, op.operation.responses[String(s)]))?.media).map(([n]) => `${n} (${s})`),
  );
  return names.join(', ') || 'none';
}

/** A channel as a settings problem names it. */
export interface NamedChannel {
  id: string;
  name: string;
  identifier: string;
}

/** Whether a canned body is a settings problem (`PostValidationError`), which names a channel. */
export function namesAChannel(body: unknown): body is { statusCode: 400; provider: string; name: string; message: string } {
  const b = body as Record<string, unknown> | null;
  return b !== null && typeof b === 'object' && typeof b.provider === 'string' && typeof b.name === 'string' && typeof b.message === 'string';
}

/**
 * A forced settings problem, naming a channel of the workspace it answers for rather than the document's example
 * channel (which no world has): the first channel the request's posts name that is the workspace's, of the example's
 * provider if one is; else the workspace's first channel of that provider; else its first channel. The example's
 * message is kept for its own provider, and said plainly for another. With no channel to name, the example as it is.
 */
export function settingsProblemFor(canned: Canned, channels: readonly NamedChannel[], sent: unknown): Canned {
  const example = canned.body;
  if (!namesAChannel(example) || channels.length === 0) return canned;
  const posts = (sent as { posts?: unknown } | undefined)?.posts;
  const named = (Array.isArray(posts) ? posts : [])
    .map((p) => (p as { integration?: { id?: unknown } } | null)?.integration?.id)
    .map((id) => channels.find((c) => c.id === id))
    .filter((c): c is NamedChannel => c !== undefined);
  const sameProvider = (c: NamedChannel) => c.identifier === example.provider;
  const channel = named.find(sameProvider) ?? named[0] ?? channels.find(sameProvider) ?? channels[0]!;
  const message = sameProvider(channel) ? example.message : `the settings do not match what ${channel.identifier} requires`;
  return { ...canned, body: { ...example, provider: channel.identifier, name: channel.name, message } };
}

/** The Response for a canned answer; `extra` headers ride along (Preference-Applied). */
export function cannedResponse(canned: Canned, now: number, extra: Record<string, string>): Response {
  const headers = { ...canned.headers(now), ...extra };
  if (canned.contentType === undefined || canned.status === 204 || canned.status === 304) return new Response(null, { status: canned.status, headers });
  const contentType = canned.contentType === 'application/json' ? 'application/json; charset=utf-8' : canned.contentType;
  return new Response(JSON.stringify(canned.body), { status: canned.status, headers: { 'content-type': contentType, ...headers } });
}

/**
 * `Prefer` as RFC 7240 writes it: comma-separated preferences `token [= word]`, each with `;` parameters (ignored
 * here), a word a token or a quoted string. Names are compared without case; the first of a name counts (§2).
 */
export function parsePrefer(header: string): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  let i = 0;
  const n = header.length;
  const skipSpace = () => {
    while (i < n && (header[i] === ' ' || header[i] === '\t')) i++;
  };
  const word = (): string => {
    if (header[i] === '"') {
      let text = '';
      for (i++; i < n && header[i] !== '"'; i++) text += header[i] === '\\' && i + 1 < n ? header[++i] : header[i];
      i++;
      return text;
    }
    const start = i;
    while (i < n && !',;= \t'.includes(header[i]!)) i++;
    return header.slice(start, i);
  };
  while (i < n) {
    skipSpace();
    const name = word().toLowerCase();
    skipSpace();
    let value: string | undefined;
    if (header[i] === '=') {
      i++;
      skipSpace();
      value = word();
      skipSpace();
    }
    // Parameters (`; x=y`) and anything malformed up to the next preference are passed over.
    while (i < n && header[i] !== ',') {
      if (header[i] === '"') word();
      else i++;
    }
    i++;
    if (name && !out.has(name)) out.set(name, value);
  }
  return out;
}

/** Our preferences; any other (`return=minimal`, `respond-async`) is not the mock's to act on, and is ignored (RFC 7240 §2). */
const OURS = ['code', 'example', 'dynamic', 'error', 'delay'];

/** A delay as written in `delay=` or `delayMs`: whole milliseconds, at most the latency's bound. */
function delayOf(text: string): number {
  if (!/^\d{1,6}$/.test(text) || Number(text) > MAX_LATENCY_MS) throw new OverrideRefused(`delay=${text}: give whole milliseconds from 0 to ${MAX_LATENCY_MS}`);
  return Number(text);
}

const quoted = (value: string) => (/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`);

/**
 * The plan a request's `Prefer` asks for, or undefined when it names none of the mock's preferences (then a control
 * override may apply). `dynamic=true` asks for what the mock does anyway (an answer from the world), so it changes
 * nothing; `dynamic=false` alone asks for the lowest success status's example, as Prism's static mode would give.
 */
export function preferPlan(document: Doc, op: CompiledOperation, header: string | null): Plan | undefined {
  if (!header) return undefined;
  const prefs = parsePrefer(header);
  if (!OURS.some((name) => prefs.has(name) && !(name === 'dynamic' && prefs.get(name)?.toLowerCase() !== 'false'))) return undefined;
  const code = prefs.get('code');
  const example = prefs.get('example');
  const error = prefs.get('error');
  const delay = prefs.get('delay');
  const applied: string[] = [];
  try {
    let status: number | undefined;
    if (prefs.has('code')) {
      if (code === undefined || !/^\d{3}$/.test(code)) throw new OverrideRefused(`code=${code ?? ''}: give a status ${op.operationId} documents (${documentedStatuses(op).join(', ')}) or a server error (${SERVER_ERRORS.join(', ')})`);
      status = Number(code);
      applied.push(`code=${code}`);
    }
    if (prefs.has('example') && !example) throw new OverrideRefused(`example needs a name (example=<name>); ${op.operationId}'s examples are ${exampleList(document, op)}`);
    if (prefs.has('error')) {
      if (error?.toLowerCase() !== 'network') throw new OverrideRefused(`error=${error ?? ''}: the mock drops the connection with error=network`);
      if (status !== undefined || example !== undefined) throw new OverrideRefused('error=network drops the connection: it cannot also answer a code or an example');
      applied.push('error=network');
    }
    let delayMs: number | undefined;
    if (prefs.has('delay')) {
      delayMs = delayOf(delay ?? '');
      applied.push(`delay=${delayMs}`);
    }
    if (prefs.get('dynamic')?.toLowerCase() === 'false' && status === undefined && example === undefined && !prefs.has('error')) {
      status = documentedStatuses(op).find((s) => s >= 200 && s < 300);
      applied.push('dynamic=false');
    }
    const canned = status !== undefined || example !== undefined ? cannedAnswer(document, op, status, example) : undefined;
    if (example !== undefined) applied.push(`example=${quoted(example)}`);
    return { by: 'prefer', canned, network: prefs.has('error') || undefined, delayMs, applied: applied.join(', ') };
  } catch (err) {
    if (err instanceof OverrideRefused) return { by: 'prefer', refused: `Prefer: ${err.message}` };
    throw err;
  }
}

interface Stored {
  id: string;
  operationId: string;
  spec: OverrideCreate;
  canned?: Canned;
  times: number | null;
  remaining: number | null;
  used: number;
}

/** The control API's overrides: oldest first, each spent call by call; emptied by a reset. */
export class Overrides {
  #list: Stored[] = [];
  /** Ids are never reused, even across resets, so a handle kept from before cannot clear a newer override. */
  #next = 1;

  get size(): number {
    return this.#list.length;
  }

  /** Check and keep an override; refuses (OverrideRefused) what the operation cannot answer, or past the cap. */
  add(document: Doc, operations: readonly CompiledOperation[], spec: OverrideCreate): OverrideView {
    const op = operations.find((o) => o.operationId === spec.operationId);
    if (!op) throw new OverrideRefused(`No public operation is called '${spec.operationId}' (e.g. ${operations.slice(0, 3).map((o) => o.operationId).join(', ')})`);
    if (spec.status === undefined && spec.example === undefined && spec.error === undefined && spec.delayMs === undefined) {
      throw new OverrideRefused('Give status (with example if you like), error or delayMs: an override with none of them changes nothing');
    }
    if (spec.error !== undefined && (spec.status !== undefined || spec.example !== undefined)) {
      throw new OverrideRefused('error: network drops the connection: it cannot also answer a status or an example');
    }
    const canned = spec.status !== undefined || spec.example !== undefined ? cannedAnswer(document, op, spec.status, spec.example) : undefined;
    if (this.#list.length >= MAX_OVERRIDES) throw new OverrideRefused(`This mock keeps at most ${MAX_OVERRIDES} overrides; clear some (DELETE /_mock/overrides) or reset the mock`);
    const stored: Stored = {
      id: `ovr_${this.#next++}`,
      operationId: op.operationId,
      spec: { ...spec, ...(canned ? { status: canned.status } : {}) },
      canned,
      times: spec.times ?? null,
      remaining: spec.times ?? null,
      used: 0,
    };
    this.#list.push(stored);
    return view(stored);
  }

  list(): OverrideView[] {
    return this.#list.map(view);
  }

  remove(id: string): boolean {
    const at = this.#list.findIndex((s) => s.id === id);
    if (at < 0) return false;
    this.#list.splice(at, 1);
    return true;
  }

  clear(): number {
    const n = this.#list.length;
    this.#list = [];
    return n;
  }

  /** The plan of the oldest override of this operation, one call of it spent (and dropped when none is left). */
  take(operationId: string): Plan | undefined {
    if (this.#list.length === 0) return undefined;
    const at = this.#list.findIndex((s) => s.operationId === operationId);
    if (at < 0) return undefined;
    const s = this.#list[at]!;
    s.used++;
    if (s.remaining !== null && --s.remaining === 0) this.#list.splice(at, 1);
    return { by: 'control', id: s.id, canned: s.canned, network: s.spec.error === 'network' || undefined, delayMs: s.spec.delayMs };
  }
}

function view(s: Stored): OverrideView {
  const { status, example, error, delayMs } = s.spec;
  return {
    id: s.id,
    operationId: s.operationId,
    ...(status !== undefined ? { status } : {}),
    ...(s.canned?.example !== undefined ? { example: s.canned.example } : example !== undefined ? { example } : {}),
    ...(error !== undefined ? { error } : {}),
    ...(delayMs !== undefined ? { delayMs } : {}),
    times: s.times,
    remaining: s.remaining,
    used: s.used,
  };
}

/** What the journal records of a plan. */
export function journalOverride(plan: Plan): JournalOverride {
  return {
    by: plan.by,
    ...(plan.id !== undefined ? { id: plan.id } : {}),
    ...(plan.canned ? { status: plan.canned.status } : {}),
    ...(plan.canned?.example !== undefined ? { example: plan.canned.example } : {}),
    ...(plan.network ? { error: 'network' as const } : {}),
    ...(plan.delayMs !== undefined ? { delayMs: plan.delayMs } : {}),
    ...(plan.refused !== undefined ? { refused: plan.refused } : {}),
  };
}

/** The plan for one request: its own `Prefer` first (a control override is then not spent), else the oldest control override. */
export function planFor(document: Doc, overrides: Overrides, op: CompiledOperation, request: Request): Plan | undefined {
  return preferPlan(document, op, request.headers.get('prefer')) ?? overrides.take(op.operationId);
}
