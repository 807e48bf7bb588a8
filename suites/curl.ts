// Reproductions: a `curl` line for one request, a bash script for a sequence. A script stands on its own against the
// target: it sets up first what the sequence uses (through the hook when the run had one, else with the requests that
// created it), reads the ids it needs from the answers it gets, computes dates from the target's clock when it runs,
// and takes keys and tokens from the variables `verify` reads. Nothing secret is written into it.
import type { Exchange, MultipartRecord } from './history.ts';
import { currentScope } from './context.ts';
import { KEY_KINDS, SECRET_ENV, type KeyKind } from './target.ts';

function sq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

const SKIP_HEADERS = new Set(['content-length', 'host', 'connection', 'accept-encoding', 'user-agent', 'accept', 'accept-language', 'sec-fetch-mode']);

/** What a script needs to know of the run a sequence comes from; without it, a script of the requests as sent. */
export interface ScriptContext {
  /** The target's API root (`$TARGET` in a script). */
  base: string;
  /** The states hook's URL, and the variable its bearer token is read from (none when the run gave no token). */
  hook?: { url: string; tokenEnv?: string };
  /** What the unit sent before the sequence, and what its discovery read: where the setup is looked for. */
  before(): Exchange[];
  /** The keys and workspace ids of the run, by the kind of workspace they stand for (read afresh by the script). */
  keys(): Map<string, KeyKind>;
  workspaces(): Map<string, KeyKind>;
}

/** The context of the unit running now (the runner sets it), when there is one. */
function contextNow(): ScriptContext | undefined {
  return (currentScope() as { script?: ScriptContext } | undefined)?.script;
}

/** One curl command that sends the same request again, as recorded (keys and all): for a context-free caller. */
export function curlOf(e: Exchange): string {
  const parts = ['curl -sS -i', '-X', e.method, sq(e.url)];
  const multipart = typeof e.requestBody === 'object' && e.requestBody !== null;
  for (const [k, v] of Object.entries(e.requestHeaders)) {
    if (SKIP_HEADERS.has(k.toLowerCase())) continue;
    if (multipart && k.toLowerCase() === 'content-type') continue; // curl writes its own boundary
    parts.push('-H', sq(`${k}: ${v}`));
  }
  parts.push(...bodyArgs(e.requestBody, (s) => sq(s)));
  return parts.join(' ');
}

function bodyArgs(body: Exchange['requestBody'], quote: (s: string) => string): string[] {
  if (typeof body === 'string') return ['--data-raw', quote(body)];
  if (!body || !('multipart' in body)) return [];
  const out: string[] = [];
  for (const p of body.multipart) {
    if (p.value !== undefined) out.push('-F', quote(`${p.name}=${p.value}`));
    else if (p.base64 !== undefined || p.bytes !== undefined) out.push('-F', filePart(p));
    else out.push('-F', sq(`${p.name}=@${p.filename ?? 'file'}`));
  }
  return out;
}

/**
 * A file part: its bytes written to a temporary file by a command substitution, which runs inside the double quotes
 * curl's `-F` needs (a process substitution there is never run: it stays the text `<(...)`). The kept bytes when the
 * file was small enough to keep (history.ts), else as many zero bytes. Name and type keep only characters that mean
 * nothing to bash or to curl's `-F` syntax.
 */
function filePart(p: MultipartRecord['multipart'][number]): string {
  const plain = (s: string, allowed: RegExp) => s.replace(allowed, '_');
  const bytes = /^[A-Za-z0-9+/=]*$/.test(p.base64 ?? '') && p.base64 !== undefined ? `printf %s ${p.base64} | base64 -d` : `head -c ${Number(p.bytes) || 0} /dev/zero`;
  const name = plain(p.name, /[^\w.-]/g);
  const filename = plain(p.filename ?? 'file', /[^\w. -]/g);
  const type = p.type ? `;type=${plain(p.type, /[^\w.+/-]/g)}` : '';
  return `"${name}=@$(f=$(mktemp); ${bytes} > "$f"; printf %s "$f");filename=${filename}${type}"`;
}

/** An instant as the suites send it, in a body or in a query (where its colons are percent-encoded). */
const ISO = /\d{4}-\d{2}-\d{2}T\d{2}(?::|%3A)\d{2}(?::|%3A)\d{2}(?:\.\d+)?Z/gi;
const instant = (text: string) => Date.parse(text.replace(/%3A/gi, ':'));
/** A value that names something the target made: long enough, with a digit, not a date or a number. */
const idLike = (v: string) => /^[A-Za-z0-9][A-Za-z0-9_.:-]{5,}$/.test(v) && /\d/.test(v) && !/^\d+(\.\d+)?$/.test(v) && !/^\d{4}-\d{2}-\d{2}/.test(v) && !/^https?:/.test(v);

/** Every string leaf of a JSON value, with its path (`posts.0.id`). */
function leavesOf(value: unknown, path: string[] = [], out: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof value === 'string') out.push([path.join('.'), value]);
  else if (Array.isArray(value)) value.forEach((v, i) => leavesOf(v, [...path, String(i)], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) leavesOf(v, [...path, k], out);
  return out;
}

/** Fields that tell one element of a list from the others the same way on any server (a channel by its provider). */
const DISTINCT = ['identifier', 'key', 'slug', 'name', 'label', 'provider', 'type', 'title'];

/**
 * A path into an answer with each list index replaced by the element's distinguishing field where it has one
 * (`0.id` becomes `[identifier=x].id`): a server may order its lists otherwise (the reference fixes no order for
 * most), and the script must pick the same thing, not the same position.
 */
function byField(body: unknown, path: string): string {
  const steps = path.split('.');
  let at: unknown = body;
  return steps
    .map((step) => {
      const here = at;
      at = Array.isArray(here) ? here[Number(step)] : (here as Record<string, unknown> | undefined)?.[step];
      if (!Array.isArray(here) || !/^\d+$/.test(step) || !at || typeof at !== 'object') return step;
      const el = at as Record<string, unknown>;
      const field = DISTINCT.find((f) => typeof el[f] === 'string' && /^[\w -]{1,60}$/.test(el[f] as string) && !idLike(el[f] as string) && here.filter((x) => (x as Record<string, unknown> | null)?.[f] === el[f]).length === 1);
      return field ? `[${field}=${el[field]}]` : step;
    })
    .join('.');
}

// A unit's history is read once per value the sequence uses: what each exchange sent and answered is worked out once.
const answered = new WeakMap<object, Array<[string, string]>>();
const sentOf = new WeakMap<Exchange, string[]>();
function leaves(value: unknown): Array<[string, string]> {
  if (!value || typeof value !== 'object') return leavesOf(value);
  let out = answered.get(value);
  if (!out) answered.set(value, (out = leavesOf(value)));
  return out;
}

function parsed(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A path segment as the server reads it; one a hostile check sent malformed stays as sent. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The values a request names: its path's segments, its query's values, its JSON body's strings, its key. */
function used(e: Exchange): string[] {
  let out = sentOf.get(e);
  if (!out) sentOf.set(e, (out = usedOf(e)));
  return out;
}

function usedOf(e: Exchange): string[] {
  const url = new URL(e.url);
  const out = [...url.pathname.split('/').map(decoded), ...[...url.searchParams.values()]];
  const body = parsed(e.requestBody);
  if (body !== undefined) out.push(...leaves(body).map(([, v]) => v));
  else if (typeof e.requestBody === 'object' && e.requestBody && 'multipart' in e.requestBody) out.push(...e.requestBody.multipart.flatMap((p) => (p.value === undefined ? [] : [p.value])));
  if (e.requestHeaders.authorization) out.push(e.requestHeaders.authorization);
  return out;
}

const isHook = (e: Exchange, ctx: ScriptContext) => ctx.hook !== undefined && e.url.split('?')[0] === ctx.hook.url;
const hookState = (e: Exchange) => (parsed(e.requestBody) as { state?: string } | undefined)?.state;
/** Hook calls a script leaves out: it starts from a reset world itself, and lists of states set nothing up. */
const RESETS = new Set(['world.reset', 'workspaces.reset', 'workspace.reset']);

/**
 * A bash script replaying a sequence. With the context of the run (the runner's, or `ctx`): setup first, ids read from
 * answers, dates from the target's clock, keys and tokens from the environment. Without: the requests as sent.
 */
export function scriptOf(exchanges: Exchange[], note?: string, ctx: ScriptContext | undefined = contextNow()): string {
  if (!ctx) {
    const lines = ['#!/usr/bin/env bash', '# Replays the failing sequence in order.' + (note ? ` ${note}` : '')];
    for (const e of exchanges) lines.push(`# -> ${e.status}${e.operationId ? ` (${e.operationId})` : ''}`, curlOf(e));
    return lines.join('\n');
  }
  try {
    return new Script(ctx, exchanges, note).text();
  } catch {
    // A sequence the setup search cannot read (hostile input of every kind): the requests as sent, no secret in them
    // (the report's redaction takes the keys out).
    return scriptOf(exchanges, note, undefined);
  }
}

/** A reproduction of one or a few requests: a plain curl line when nothing needs setting up, else a script. */
export function reproduction(exchanges: Exchange[], ctx: ScriptContext | undefined = contextNow()): string | undefined {
  if (exchanges.length === 0) return undefined;
  if (!ctx) return exchanges.length === 1 ? curlOf(exchanges[0]!) : scriptOf(exchanges.slice(-25), undefined, ctx);
  try {
    const script = new Script(ctx, exchanges.slice(-25));
    return script.simple() ?? script.text();
  } catch {
    return reproduction(exchanges, undefined);
  }
}

class Script {
  readonly #ctx: ScriptContext;
  readonly #sequence: Exchange[];
  readonly #note: string | undefined;
  readonly #keys: Map<string, KeyKind>;
  readonly #workspaces: Map<string, KeyKind>;
  /** Value → the variable the script holds it in, and where it reads it from. */
  readonly #vars = new Map<string, { name: string; from: Exchange; path: string }>();
  readonly #counts = new Map<string, number>();
  readonly #setup: Exchange[] = [];
  readonly #uncaptured = new Set<string>();
  readonly #before: Exchange[];

  constructor(ctx: ScriptContext, sequence: Exchange[], note?: string) {
    this.#ctx = ctx;
    this.#note = note;
    this.#keys = ctx.keys();
    this.#workspaces = ctx.workspaces();
    this.#sequence = sequence.filter((e) => !(isHook(e, ctx) && (e.method === 'GET' || RESETS.has(hookState(e) ?? ''))));
    const first = Math.min(...sequence.map((e) => e.seq));
    this.#before = ctx.before().filter((e) => !sequence.includes(e) && (e.by === 'discovery' || e.seq < first));
    this.#resolve(this.#sequence, this.#before);
    this.#madeBefore();
  }

  /**
   * What the sequence's answers show that an earlier request of the unit made (the other workspace's post a
   * cross-tenant read lists): those requests join the setup, so that the script's world holds it too.
   */
  #madeBefore(): void {
    const shown = new Set(this.#sequence.flatMap((e) => leaves(e.responseBody).map(([, v]) => v)).filter((v) => idLike(v) && !this.#vars.has(v) && !this.#keys.has(v) && !this.#workspaces.has(v)));
    const makers = this.#before.filter((x) => x.method !== 'GET' && x.status < 300 && !this.#setup.includes(x) && !(isHook(x, this.#ctx) && RESETS.has(hookState(x) ?? '')) && leaves(x.responseBody).some(([, v]) => shown.has(v) && !used(x).includes(v)));
    if (makers.length === 0) return;
    // Bounded: a long unit could have made many things a list shows; the last ones made are the likeliest to matter.
    const added = makers.slice(-10);
    this.#setup.push(...added);
    this.#resolve(added, this.#before);
  }

  /** Find, for each value the requests use, the earlier answer that gave it: that request joins the setup. */
  #resolve(requests: Exchange[], before: Exchange[]): void {
    const queue = [...requests];
    const timeline = [...before, ...this.#sequence];
    while (queue.length > 0) {
      const e = queue.shift()!;
      for (const v of used(e)) {
        if (this.#vars.has(v) || this.#keys.has(v) || this.#workspaces.has(v) || !idLike(v)) continue;
        // The first answer that holds it, from a request that did not send it: what made it (or first showed it).
        const upTo = timeline.indexOf(e);
        const source = timeline.slice(0, upTo < 0 ? timeline.length : upTo).find((x) => !used(x).includes(v) && leaves(x.responseBody).some(([, s]) => s === v));
        if (!source) {
          this.#uncaptured.add(v);
          continue;
        }
        const path = byField(source.responseBody, leaves(source.responseBody).find(([, s]) => s === v)![0]);
        const prefix = /^([a-z]+)_/.exec(v)?.[1]?.toUpperCase() ?? 'ID';
        const n = (this.#counts.get(prefix) ?? 0) + 1;
        this.#counts.set(prefix, n);
        this.#vars.set(v, { name: `${prefix}_${n}`, from: source, path });
        if (!this.#sequence.includes(source) && !this.#setup.includes(source)) {
          this.#setup.push(source);
          queue.push(source);
        }
      }
    }
    this.#setup.sort((a, b) => Number(b.by === 'discovery') - Number(a.by === 'discovery') || a.seq - b.seq);
  }

  /** The kinds of key the requests send, in a stable order. */
  #kindsUsed(): KeyKind[] {
    // A key inside a credential (`<key>-wrong`, `Bearer <key>`) is written as its variable too: the script must set it.
    const credentials = [...this.#setup, ...this.#sequence].map((e) => e.requestHeaders.authorization ?? '').filter(Boolean);
    const sent = new Set([...this.#keys].filter(([key]) => credentials.some((c) => c.includes(key))).map(([, kind]) => kind));
    const named = new Set([...this.#setup, ...this.#sequence].flatMap((e) => used(e).map((v) => this.#workspaces.get(v)).filter(Boolean)));
    return KEY_KINDS.filter((k) => sent.has(k) || named.has(k));
  }

  /** The reference instant a recorded request's dates were computed from: the last clock the hook told, else when it was sent. */
  #clockAt(e: Exchange): number | undefined {
    const at = this.#sequence.indexOf(e);
    const timeline = [...this.#before, ...(at < 0 ? [] : this.#sequence.slice(0, at + 1))].filter((x) => at >= 0 || x.seq <= e.seq || x.by === 'discovery');
    for (const x of timeline.reverse()) {
      const now = (x.responseBody as { now?: unknown } | undefined)?.now;
      if (isHook(x, this.#ctx) && typeof now === 'string' && !Number.isNaN(Date.parse(now))) return Date.parse(now);
    }
    return e.at;
  }

  /** One request as a line of the script, its values replaced by the variables that hold them. */
  #line(e: Exchange, quoteIn: 'single' | 'double'): (s: string) => string {
    const ref = this.#clockAt(e);
    return (text: string) => {
      const splice = (expr: string) => (quoteIn === 'single' ? `'"${expr}"'` : expr);
      let out = quoteIn === 'single' ? text.replace(/'/g, `'\\''`) : text.replace(/[\\"`$]/g, (c) => `\\${c}`);
      // Longest first, so that a value inside another is not replaced in it.
      const values = [...this.#vars.keys(), ...this.#keys.keys(), ...this.#workspaces.keys()].sort((a, b) => b.length - a.length);
      for (const v of values) {
        if (!out.includes(v)) continue;
        const name = this.#vars.get(v)?.name ?? (this.#keys.has(v) ? this.#keyVar(this.#keys.get(v)!) : `WS_${this.#workspaces.get(v)!.toUpperCase()}`);
        out = out.split(v).join(splice(`\${${name}}`));
      }
      if (ref !== undefined) out = out.replace(ISO, (d) => splice(`$(at "$NOW" ${instant(d) - ref})`));
      return out;
    };
  }

  #keyVar(kind: KeyKind): string {
    return this.#ctx.hook ? `KEY_${kind.toUpperCase()}` : SECRET_ENV[kind];
  }

  #request(e: Exchange): string {
    const ctx = this.#ctx;
    if (isHook(e, ctx)) return `hook '${this.#line(e, 'single')(typeof e.requestBody === 'string' ? e.requestBody : '{}')}'`;
    // Beside the API on the target's origin (the app's token endpoint, as the mock serves it): beside TARGET too.
    const origin = new URL(ctx.base).origin;
    const root = ctx.base.slice(origin.length).replace(/\/+$/, '');
    const url = e.url.startsWith(ctx.base)
      ? `"$TARGET${this.#line(e, 'double')(e.url.slice(ctx.base.length))}"`
      : e.url.startsWith(`${origin}/`) && /^[\w./-]*$/.test(root)
        ? `"\${TARGET%${root}}${this.#line(e, 'double')(e.url.slice(origin.length))}"`
        : `"${this.#line(e, 'double')(e.url)}"`;
    const parts = ['send', '-X', e.method, url];
    const multipart = typeof e.requestBody === 'object' && e.requestBody !== null;
    for (const [k, v] of Object.entries(e.requestHeaders)) {
      if (SKIP_HEADERS.has(k.toLowerCase()) || (multipart && k.toLowerCase() === 'content-type')) continue;
      parts.push('-H', `"${this.#line(e, 'double')(`${k}: ${v}`)}"`);
    }
    parts.push(...bodyArgs(e.requestBody, (s) => `'${this.#line(e, 'single')(s)}'`));
    return parts.join(' ');
  }

  /** The captures after a request: the variables its answer gives, and the clock when the hook tells it. */
  #after(e: Exchange): string[] {
    const out = [...this.#vars.values()].filter((v) => v.from === e).map((v) => `${v.name}=$(get ${sq(v.path)})`);
    const now = (e.responseBody as { now?: unknown } | undefined)?.now;
    if (isHook(e, this.#ctx) && typeof now === 'string') out.push('NOW=$(get now)');
    return out;
  }

  /** A one-line curl when a request needs nothing set up: no hook, no id, no date, its key from the environment. */
  simple(): string | undefined {
    if (this.#sequence.length !== 1 || this.#ctx.hook || this.#setup.length > 0 || this.#vars.size > 0) return undefined;
    const e = this.#sequence[0]!;
    if (JSON.stringify([e.url, e.requestBody]).search(ISO) >= 0) return undefined;
    // The recorded target unless TARGET names another.
    const line = this.#request(e).replace(/^send /, 'curl -sS -i ').replace('"$TARGET', `"\${TARGET:-${this.#ctx.base.replace(/[\\"`$}]/g, (c) => `\\${c}`)}}`);
    return line.replace(/\$\{(VERIFY_KEY_[A-Z]+)\}/g, '$$$1');
  }

  text(): string {
    const ctx = this.#ctx;
    const kinds = this.#kindsUsed();
    const lines = [
      '#!/usr/bin/env bash',
      `# Replays the failing sequence in order.${this.#note ? ` ${this.#note}` : ''}`,
      '# Needs curl and node (to read ids from answers and compute dates from the target\'s clock).',
    ];
    if (!ctx.hook) for (const k of kinds) lines.push(`: "\${${SECRET_ENV[k]}:?set ${SECRET_ENV[k]} to the key spw verify was given (--key-${k})}"`);
    if (ctx.hook?.tokenEnv) lines.push(`: "\${${ctx.hook.tokenEnv}:?set ${ctx.hook.tokenEnv} to the token of the hook}"`);
    lines.push(
      'set -eu',
      '# The target: the recorded one, or another given as TARGET=<API root> (HOOK=<its hook> beside it).',
      `TARGET=\${TARGET:-${sq(ctx.base)}}`,
      '# send: one request; prints its status and answer, and keeps the answer in $BODY for the lines after it.',
      `send() { BODY=$(curl -sS -w '\\n%{http_code}' "$@"); STATUS=\${BODY##*$'\\n'}; BODY=\${BODY%$'\\n'*}; printf -- '-> %s %s\\n' "$STATUS" "\${BODY:0:2000}"; }`,
      '# get PATH: a value of the last answer, by its path (posts.0.id; [identifier=x].id is the element whose identifier is x).',
      `get() { node -e 'let v=JSON.parse(process.argv[1]);for(const k of process.argv[2].split(".").filter(Boolean)){const m=/^\\[(\\w+)=(.*)\\]$/.exec(k);v=v==null?v:m?(Array.isArray(v)?v.find((e)=>e!=null&&String(e[m[1]])===m[2]):undefined):v[k]}process.stdout.write(v==null?"":String(v))' "$BODY" "$1"; }`,
      '# at T MS: the instant MS milliseconds after T.',
      `at() { node -e 'process.stdout.write(new Date(Date.parse(process.argv[1])+Number(process.argv[2])).toISOString())' "$1" "$2"; }`,
    );
    if (ctx.hook) {
      lines.push(
        `HOOK=${hookDefault(ctx.base, ctx.hook.url)}`,
        `hook() { send -X POST "$HOOK" -H 'content-type: application/json'${ctx.hook.tokenEnv ? ` -H "authorization: Bearer $${ctx.hook.tokenEnv}"` : ''} --data-raw "$1"; }`,
        '# ws KIND FIELD: a seeded workspace of the last `workspaces` answer, by its plan state (free, payg, paid).',
        `ws() { node -e 'const [k,f]=process.argv.slice(2);const w=JSON.parse(process.argv[1]).find(r=>k==="paid"?r.plan==="paid":r.plan==="free"&&!r.frozen&&r.payAsYouGo===(k==="payg"));process.stdout.write(w?String(w[f]):"")' "$BODY" "$1" "$2"; }`,
        '# A fresh world, its keys and ids read afresh, and the target\'s clock, as spw verify starts a check.',
        `hook '{"state":"world.reset"}'`,
        `hook '{"state":"workspaces"}'`,
        ...kinds.map((k) => `KEY_${k.toUpperCase()}=$(ws ${k} apiKey); WS_${k.toUpperCase()}=$(ws ${k} id)`),
        `hook '{"state":"clock"}'`,
        'NOW=$(get now)',
      );
    } else lines.push(`NOW=$(node -e 'process.stdout.write(new Date().toISOString())')`);
    if (this.#uncaptured.size > 0) lines.push(`# Values from the recorded run that no earlier answer gave (so sent as they were): ${[...this.#uncaptured].join(', ')}`);
    if (this.#setup.length > 0) lines.push('# Setup: the requests that made what the sequence uses.');
    for (const e of this.#setup) lines.push(`# recorded -> ${e.status}${e.operationId ? ` (${e.operationId})` : isHook(e, ctx) ? ` (state ${hookState(e)})` : ''}`, this.#request(e), ...this.#after(e));
    if (this.#setup.length > 0) lines.push('# The sequence.');
    for (const e of this.#sequence) lines.push(`# recorded -> ${e.status}${e.operationId ? ` (${e.operationId})` : isHook(e, ctx) ? ` (state ${hookState(e)})` : ''}`, this.#request(e), ...this.#after(e));
    return lines.join('\n');
  }
}

/**
 * The script's HOOK: the recorded one unless HOOK names another; where the hook sat beside the recorded target (the
 * same origin, as the mock's does), beside TARGET, so that `TARGET=<another server>` alone never sends that server's
 * token to the recorded one.
 */
function hookDefault(base: string, hook: string): string {
  const b = new URL(base);
  const h = new URL(hook);
  const root = b.pathname.replace(/\/+$/, '');
  if (h.origin !== b.origin || !/^[\w./-]*$/.test(root + h.pathname + h.search)) return `\${HOOK:-${sq(hook)}}`;
  return `\${HOOK:-"\${TARGET%${root}}${h.pathname}${h.search}"}`;
}
