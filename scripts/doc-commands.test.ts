// Every command the README and the guides show, run as a reader would: each `curl` line against a fresh mock (one per
// guide, its blocks in order, the placeholders a reader fills in filled from the answers before), each `spw mock` as a
// process that must serve, each `spw verify`, `proxy` and `report` parsed by the real command line down to its action,
// each `npm run` a script that exists. A command none of these covers fails the test until it is run or exempted below
// with a reason, so a guide cannot show a command nothing checks.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type ParseEntry } from 'shell-quote';
import { afterAll, describe, expect, it } from 'vitest';
import { main, type Actions } from '../cli/program.ts';
import { PDF, PNG } from '../mocks/http/media-samples.ts';
import { startMock, type RunningMock } from '../mocks/server.ts';

const ROOT = join(import.meta.dirname, '..');
const GUIDES = ['README.md', ...['docs', 'docs/dev'].flatMap((dir) => readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.md')).map((f) => `${dir}/${f}`))];
const SCRIPTS: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;
const COMMAND_WORDS = new Set(['curl', 'npm', 'npx', 'spw', 'node', 'open', 'git']);

interface DocCommand {
  file: string;
  /** The command as the guide writes it, continuation lines joined. */
  text: string;
  /** The comment on the line, and a `# -> ...` or `# {...}` line under it: what the guide says comes back. */
  says: string;
}

interface Block {
  file: string;
  /** `NAME=value` lines: variables the block's commands read. */
  vars: Record<string, string>;
  commands: DocCommand[];
}

/** The shell blocks of a guide: fenced `sh`/`bash`, or unlabelled ones whose first line is a command. */
function blocksOf(file: string): Block[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const blocks: Block[] = [];
  for (const [, lang, body] of text.matchAll(/```(\w*)\n([\s\S]*?)```/g)) {
    const lines = joined(body!.replace(/\\\n\s*/g, ' ').split('\n'));
    const first = lines.find((l) => l.trim() && !l.trim().startsWith('#'))?.trim().split(/\s+/);
    const env = first?.findIndex((w) => !/^[A-Z_]+=/.test(w)) ?? -1;
    if (!['sh', 'bash'].includes(lang!) && !(lang === '' && first && COMMAND_WORDS.has(first[env]!))) continue;
    const block: Block = { file, vars: {}, commands: [] };
    for (const raw of lines) {
      const line = raw.trim();
      if (!line) continue;
      if (line.startsWith('#')) {
        const last = block.commands.at(-1);
        if (last && /^#\s*(->|\{)/.test(line)) last.says += ` ${line.replace(/^#\s*/, '')}`;
        continue;
      }
      const assignment = /^([A-Z_]+)=(\S+)$/.exec(line);
      if (assignment) block.vars[assignment[1]!] = assignment[2]!;
      else block.commands.push({ file, text: line, says: commentOf(line) });
    }
    blocks.push(block);
  }
  return blocks;
}

/** Whether a single-quoted argument is still open at the end of `line`, given whether it was open at its start. */
function quoteOpen(line: string, open: boolean): boolean {
  let single = open;
  let double = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (single) single = ch !== "'";
    else if (ch === '"') double = !double;
    else if (!double && ch === "'") single = true;
    else if (!double && ch === '#' && (i === 0 || /\s/.test(line[i - 1]!))) break;
  }
  return single;
}

/** Lines joined while a single-quoted argument runs on (a JSON body written over several lines). */
function joined(lines: string[]): string[] {
  const out: string[] = [];
  let open = false;
  for (const line of lines) {
    if (open) out[out.length - 1] += `\n${line}`;
    else out.push(line);
    open = quoteOpen(line, open);
  }
  return out;
}

/** The comment at the end of a line (a `#` outside quotes). */
function commentOf(line: string): string {
  const found = parse(line).find((t): t is { comment: string } => typeof t === 'object' && 'comment' in t);
  return found ? found.comment.trim() : '';
}

/** Commands a test cannot or need not run, each with the reason. Matched against the command's text. */
const EXEMPT: Array<[RegExp, string]> = [
  [/^npm install( |$)/, 'installs from the registry; scripts/package.test.ts installs the packed package the same way'],
  [/^npm test\b/, 'the whole test run, this file included; CI runs it'],
  [/^git clone \. /, "the CI recipe; .ci/run is what it times"],
  [/^open "/, 'opens a browser; the test reads the same page to fill in what the reader would take from it'],
  [/^curl http:\/\/127\.0\.0\.1:4020\//, 'a request through the proxy of the line before, against staging; scripts/package.test.ts sends requests through `spw proxy`'],
];

/** How a guide's placeholders are filled: from an earlier answer in the same guide, as a reader would. */
interface Filled {
  postId?: string;
  uploadUrl?: string;
  clientId?: string;
  clientSecret?: string;
  code?: string;
  accessToken?: string;
}

const free = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

const work = mkdtempSync(join(tmpdir(), 'doc-commands-'));
writeFileSync(join(work, 'photo.png'), PNG);
writeFileSync(join(work, 'guide.pdf'), PDF);
cpSync(join(ROOT, 'fixtures'), join(work, 'my-fixtures'), { recursive: true });
// What `spw record --out world.json` writes (docs/mock.md), for the `spw mock --scenario world.json` after it: a scenario.
cpSync(join(ROOT, 'fixtures', 'scenarios', 'posts-in-every-state.json'), join(work, 'world.json'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The words of a parsed line; an unquoted `?` or `*` makes a glob entry, which a shell would leave as written here. */
const words = (entries: ParseEntry[]) =>
  entries.flatMap((t) => (typeof t === 'string' ? [t] : typeof t === 'object' && 'op' in t && t.op === 'glob' ? [(t as { pattern: string }).pattern] : []));

/** The keys a guide's `{a, b: ...}` or `{"a": ...}` says the answer holds (top level), unless it offers a choice ("or"). */
function keysSaid(says: string): string[] {
  const start = says.indexOf('{');
  if (start < 0 || / or /.test(says.slice(0, start))) return [];
  const segments: string[] = [];
  let depth = 0;
  let quoted = false;
  let segment = '';
  for (const ch of says.slice(start)) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && '{['.includes(ch)) depth++;
    if (!quoted && '}]'.includes(ch)) depth--;
    if (depth === 0) break;
    if (depth === 1 && !quoted && ch === ',') {
      segments.push(segment);
      segment = '';
    } else if (!(depth === 1 && ch === '{' && segment === '' && segments.length === 0)) segment += ch;
  }
  segments.push(segment);
  return segments.map((seg) => /^\s*"?([A-Za-z_]\w*)"?\s*(:|\(|$)/.exec(seg)?.[1]).filter((k): k is string => k !== undefined);
}

/** Values a guide states in its prose for one request, checked as numbers and flags. */
const STATED: Array<{ file: string; match: RegExp; check: (body: any) => void }> = [
  { file: 'docs/wallet.md', match: /\$API\/wallet -H/, check: (b) => expect([b.balance, b.payAsYouGo]).toEqual([525, true]) },
  { file: 'docs/wallet.md', match: /prices\?provider=x/, check: (b) => expect(b.sections.flatMap((s: any) => s.items).filter((i: any) => ['x.post', 'x.post_link'].includes(i.key)).map((i: any) => i.credits)).toEqual([2.25, 30]) },
  { file: 'docs/wallet.md', match: /wallet\/estimate/, check: (b) => expect([b.priceCredits, b.balanceAfterCredits]).toEqual([34.5, 490.5]) },
  { file: 'docs/wallet.md', match: /type=SPEND/, check: (b) => expect(b.items.map((t: any) => t.credits).sort()).toEqual([-2.25, -2.25, -30].sort()) },
  { file: 'docs/wallet.md', match: /transactions\?size=4/, check: (b) => expect(b.items.map((t: any) => t.type).sort()).toEqual(['AUTO_TOPUP', 'SPEND', 'SPEND', 'SPEND']) },
];

/** One curl line, sent with fetch as curl would send it; the answer checked against what the guide says of it. */
async function curl(cmd: DocCommand, vars: Record<string, string>, mock: RunningMock, filled: Filled): Promise<void> {
  const text = await fill(cmd.text, mock, filled);
  const args = words(parse(text, { ...vars }));
  const tokens = parse(text, { ...vars });
  const redirect = tokens.findIndex((t) => typeof t === 'object' && 'op' in t && t.op === '>');
  const outFile = redirect >= 0 ? (tokens[redirect + 1] as string) : undefined;
  let method: string | undefined;
  const headers = new Headers();
  let body: string | FormData | Uint8Array<ArrayBuffer> | undefined;
  const form: string[] = [];
  let url = '';
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    if (a === outFile) continue;
    if (/^-[sSi]+$/.test(a)) continue;
    if (a.startsWith('-X')) method = a.length > 2 ? a.slice(2) : args[++i];
    else if (a === '-H') {
      const [name, ...value] = args[++i]!.split(':');
      headers.set(name!, value.join(':').trim());
    } else if (a === '-d' || a === '--data' || a === '--data-raw') body = args[++i]!;
    else if (a === '--data-binary') body = new Uint8Array(readFileSync(join(work, args[++i]!.replace(/^@/, ''))));
    else if (a === '--data-urlencode') {
      const [k, ...v] = args[++i]!.split('=');
      form.push(`${encodeURIComponent(k!)}=${encodeURIComponent(v.join('='))}`);
    } else if (a === '-F') {
      const [k, ...v] = args[++i]!.split('=');
      const value = v.join('=');
      const fd = body instanceof FormData ? body : new FormData();
      if (value.startsWith('@')) fd.append(k!, new Blob([readFileSync(join(work, value.slice(1)))]), value.slice(1));
      else fd.append(k!, value);
      body = fd;
    } else if (!a.startsWith('-')) url = a;
    else throw new Error(`${cmd.file}: curl flag ${a} is not understood by this test: ${cmd.text}`);
  }
  if (form.length) {
    body = form.join('&');
    if (!headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded');
  }
  if (typeof body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded');
  const target = url.replace(/^(https?:\/\/)?(127\.0\.0\.1|localhost):4010/, mock.origin);
  expect(target, `${cmd.file}: ${cmd.text} is sent to the mock`).toMatch(new RegExp(`^${mock.origin}/`));
  const res = await fetch(target, { method: method ?? (body !== undefined ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
  const raw = Buffer.from(await res.arrayBuffer());
  if (outFile) writeFileSync(join(work, outFile), raw);
  let json: any;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    json = undefined;
  }
  const label = `${cmd.file}: ${cmd.text}\n  answered ${res.status} ${raw.toString('utf8').slice(0, 300)}`;
  const status = /->\s*(\d{3})\b/.exec(cmd.says)?.[1];
  if (status) expect(res.status, label).toBe(Number(status));
  else expect(res.status, label).toBeLessThan(400);
  for (const key of keysSaid(cmd.says)) expect(json && typeof json === 'object' && key in json, `${label}\n  the guide says it holds ${key}`).toBe(true);
  for (const s of STATED.filter((s) => s.file === cmd.file && s.match.test(cmd.text))) s.check(json);
  // What a reader carries to the next command.
  if (Array.isArray(json) && json[0]?.postId) filled.postId = json[0].postId;
  if (json?.uploadUrl) filled.uploadUrl = json.uploadUrl;
  if (json?.clientId && json?.clientSecret) [filled.clientId, filled.clientSecret] = [json.clientId, json.clientSecret];
  if (json?.access_token) filled.accessToken = json.access_token;
  const code = /[?&]code=([^&]+)/.exec(res.headers.get('location') ?? '')?.[1];
  if (code) filled.code = decodeURIComponent(code);
}

/** The guide's placeholders, filled as a reader fills them: from earlier answers, or the page the guide opens. */
async function fill(text: string, mock: RunningMock, filled: Filled): Promise<string> {
  let out = text;
  if (out.includes('<postId>')) {
    if (!filled.postId) {
      // A guide that reads a post it did not make: the reader picks one of theirs, here a draft made for it.
      const made = await fetch(`${mock.origin}/api/public/v1/posts`, {
        method: 'POST',
        headers: { authorization: 'demo-payg-key', 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'draft', date: '2030-01-01T10:00:00Z', shortLink: false, tags: [], posts: [{ integration: { id: 'ch_payg_linkedin' }, value: [{ content: 'hello', image: [] }] }] }),
      });
      filled.postId = ((await made.json()) as any)[0].postId;
    }
    out = out.replaceAll('<postId>', filled.postId!);
  }
  if (out.includes('<uploadUrl>')) out = out.replaceAll('<uploadUrl>', filled.uploadUrl!);
  if (out.includes('<from the page>')) {
    const page = await (await fetch(`${mock.origin}/oauth/authorize?client_id=${filled.clientId}&response_type=code&state=xyz`)).text();
    out = out.replaceAll('<from the page>', /name="csrf_token" value="([^"]+)"/.exec(page)![1]!);
  }
  const pairs: Array<[string, string | undefined]> = [['pca_...', filled.clientId], ['pcs_...', filled.clientSecret], ['pos_...', filled.accessToken], ['"code":"..."', filled.code && `"code":"${filled.code}"`]];
  for (const [placeholder, value] of pairs) if (out.includes(placeholder)) out = out.replaceAll(placeholder, value!);
  return out;
}

/** The command line's argv for a `spw` command, however the guide spells it; undefined when it is not one. */
function spwArgv(text: string): { env: Record<string, string>; argv: string[] } | undefined {
  const all = words(parse(text));
  const env: Record<string, string> = {};
  while (all[0] && /^[A-Z_]+=/.test(all[0])) {
    const [k, ...v] = all.shift()!.split('=');
    env[k!] = v.join('=');
  }
  const [a, b, c, d] = all;
  if (a === 'spw') return { env, argv: all.slice(1) };
  if (a === 'npx' && b === 'spw') return { env, argv: all.slice(2) };
  if (a === 'npm' && b === 'start') return { env, argv: ['mock'] };
  if (a === 'node' && b === 'cli/start.mjs') return { env, argv: all.slice(2) };
  if (a === 'npm' && b === 'run' && ['verify', 'mock', 'report', 'start'].includes(c!)) {
    expect(SCRIPTS[c!], `npm run ${c}`).toMatch(/cli\/start\.mjs (mock|verify|report)/);
    const sub = SCRIPTS[c!]!.split(' ').pop()!;
    return { env, argv: [sub, ...(d === '--' ? all.slice(4) : [])] };
  }
  return undefined;
}

const running: ChildProcess[] = [];
afterAll(() => running.forEach((p) => p.kill('SIGKILL')));

/** `spw mock ...` as a process (on a free port): it must come up and serve the document. */
async function serves(argv: string[], env: Record<string, string>, label: string): Promise<void> {
  const port = await free();
  const args = [...argv];
  const at = args.indexOf('--port');
  if (at >= 0) args[at + 1] = String(port);
  const child = spawn(process.execPath, [join(ROOT, 'cli', 'start.mjs'), ...args], { cwd: work, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  try {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${port}/api/public/v1/openapi.json`).catch(() => undefined);
      if (answer?.status === 200) break;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${label} did not serve: exit ${child.exitCode}\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
  }
}

/** `spw verify|proxy|report ...` parsed by the real command line: it must reach its action with every flag taken. */
async function parses(argv: string[], env: Record<string, string>, label: string): Promise<void> {
  const reached: string[] = [];
  const record = (name: string) => async () => (reached.push(name), 0);
  const actions: Actions = { mock: record('mock'), verify: record('verify'), proxy: record('proxy'), merge: record('merge'), replay: record('replay'), record: record('record') };
  const saved = { ...process.env };
  Object.assign(process.env, env);
  const errors: string[] = [];
  const error = console.error;
  console.error = (...a: unknown[]) => void errors.push(a.join(' '));
  try {
    expect(await main(['node', 'spw', ...argv], actions), `${label}\n${errors.join('\n')}`).toBe(0);
  } finally {
    console.error = error;
    // Put the variables back in place: a new object in process.env's stead outlives this file in its worker
    // (isolate: false), where vitest's stubEnv and unstubAllEnvs in a later file then no longer undo each other.
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
  if (!argv.includes('--help')) expect(reached, label).toEqual([argv[0] === 'report' ? 'merge' : argv[0]]);
}

const blocks = GUIDES.flatMap(blocksOf);
const commands = blocks.flatMap((b) => b.commands);

describe('the commands the README and the guides show', () => {
  it('reads the keys a guide says an answer holds, and none where it offers a choice', () => {
    expect(keysSaid('{now, frozen}')).toEqual(['now', 'frozen']);
    expect(keysSaid('-> 402 {"message":"Not enough credits ...","wallet":true,"url":"/wallet",...}; nothing changed')).toEqual(['message', 'wallet', 'url']);
    expect(keysSaid('{cap, overrides: [{id, operationId, ..., remaining, used}]}')).toEqual(['cap', 'overrides']);
    expect(keysSaid('{registryVersion, documents (saved only)}')).toEqual(['registryVersion', 'documents']);
    expect(keysSaid('series or {missing: true}')).toEqual([]);
    expect(keysSaid('categories and rules')).toEqual([]);
  });

  it('the guides show commands, and each is run, parsed or exempted with a reason', () => {
    expect(commands.length).toBeGreaterThan(50);
    const unhandled = commands.filter((c) => !EXEMPT.some(([re]) => re.test(c.text)) && !c.text.startsWith('curl') && !spwArgv(c.text) && !/^(npm run|npx vitest run|MEMORY_SCALE=1 npx vitest run|FAULTS=\S+ npx vitest run) /.test(c.text) && c.text !== 'npm install && npm start');
    expect(unhandled.map((c) => `${c.file}: ${c.text}`)).toEqual([]);
  });

  it.each(GUIDES.filter((g) => blocksOf(g).some((b) => b.commands.some((c) => c.text.startsWith('curl') && !EXEMPT.some(([re]) => re.test(c.text))))))(
    'every curl line of %s, in order on a fresh mock, answers what the guide says',
    async (file) => {
      // Outbound effects stay off the network: a webhook's host resolves to a public address, and deliveries succeed.
      const mock = await startMock({ port: 0, effects: { lookupHost: async () => ['93.184.216.34'], deliverWebhook: async () => ({ status: 204, error: null }) } } as never);
      try {
        const vars: Record<string, string> = {};
        const filled: Filled = {};
        for (const block of blocksOf(file)) {
          Object.assign(vars, block.vars);
          for (const cmd of block.commands) {
            if (!cmd.text.startsWith('curl') || EXEMPT.some(([re]) => re.test(cmd.text))) continue;
            await curl(cmd, Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, v.replace(/^http:\/\/127\.0\.0\.1:4010/, mock.origin)])), mock, filled);
          }
        }
      } finally {
        await mock.close();
      }
    },
    60_000,
  );

  const spw = commands.map((c) => ({ c, parsed: spwArgv(c.text) })).filter((x) => x.parsed && !EXEMPT.some(([re]) => re.test(x.c.text)));

  // Each starts its own process on its own port: they start side by side, as their start-up is mostly waiting. The
  // same command shown in several places (`npx spw mock`, `npm start`) starts once, named with every place.
  const mocks = new Map<string, { places: string[]; parsed: NonNullable<ReturnType<typeof spwArgv>> }>();
  for (const x of spw.filter((x) => x.parsed!.argv[0] === 'mock')) {
    const key = JSON.stringify(x.parsed);
    const seen = mocks.get(key) ?? mocks.set(key, { places: [], parsed: x.parsed! }).get(key)!;
    seen.places.push(`${x.c.file}: ${x.c.text}`);
  }
  it.concurrent.each([...mocks.values()].map((m) => [m.places.join(' | '), m.parsed] as const))(
    '%s starts a mock that serves',
    async (label, { argv, env }) => serves(argv, env, label),
    30_000,
  );

  it.each(spw.filter((x) => x.parsed!.argv[0] !== 'mock').map((x) => [`${x.c.file}: ${x.c.text}`, x.parsed!] as const))('%s is taken by the command line, every flag', async (label, { argv, env }) => parses(argv, env, label));

  it.each(commands.filter((c) => /^npm run /.test(c.text) && !spwArgv(c.text)).map((c) => [`${c.file}: ${c.text}`, c] as const))('%s names a script of package.json', (_label, c) => {
    expect(Object.keys(SCRIPTS)).toContain(words(parse(c.text))[2]);
  });

  it.each(commands.filter((c) => /npx vitest run /.test(c.text)).map((c) => [`${c.file}: ${c.text}`, c] as const))('%s names test files that exist', (_label, c) => {
    const files = words(parse(c.text)).filter((w) => w.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(existsSync(join(ROOT, f)), f).toBe(true);
  });
});
