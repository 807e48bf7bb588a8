// Adding a provider is a row and a schema (docs/dev/adding-a-provider.md): in a scratch copy of the sources, a
// `pinterest` row goes into fixtures/providers.json, a `SettingsPinterest` schema into the document, a channel into the
// paid demo workspace; after `npm run types`, the provider checks run in-process against that copy's mock pass, and
// they reached pinterest: its settings_refused part ran, a post missing `board` was sent and refused naming it, its
// channel's settings schema was read, and no generic text-only post was sent to it.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What the mock, the suites and the generators need; docs, tools and builds stay behind. */
const COPIED = ['cli', 'client', 'fixtures', 'mocks', 'proxy', 'scripts', 'spec', 'suites', 'index.ts', 'package.json', 'tsconfig.json', 'redocly.yaml'];
const CHECKS = ['settings_refused', 'settings_schema_describes_the_provider', 'positive_data_acceptance', 'connect_refused_only_charged_before_top_up', 'empty_or_too_long_refused'];
const CHANNEL = 'ch_paid_pinterest';

const ROW = { label: 'Pinterest', type: 'social', maxLength: 500, rules: 'Needs an image. Up to 500 characters.', tools: [], media: { needs: 'image' } };

const SCHEMA = `    SettingsPinterest:
      type: object
      description: Settings for a Pinterest channel.
      required: [__type, board]
      examples:
        - {__type: pinterest, board: spring-menu}
        - {__type: pinterest, board: spring-menu, title: Spring menu, link: 'https://bakery.example.com/spring'}
      properties:
        __type:
          const: pinterest
        board:
          type: string
          description: The board the pin is saved to.
        title:
          type: string
          maxLength: 100
        link:
          type: string
          description: Where the pin leads.
`;

/** The child's script: the checks in-process against the copy's mock, every exchange on the pinterest channel kept. */
const RUNNER = `
import './suites/checks/index.ts';
import { runChecks } from './suites/runner.ts';
import { inProcessTarget } from './suites/in-process.ts';

const target = await inProcessTarget();
const exchanges = [];
const fetch = target.app.fetch.bind(target.app);
target.app.fetch = async (request) => {
  const body = request.method === 'GET' ? '' : await request.clone().text();
  const response = await fetch(request);
  const answer = await response.clone().text();
  exchanges.push({ method: request.method, path: new URL(request.url).pathname, body, status: response.status, answer });
  return response;
};
const report = await runChecks(target, { seed: 7, runs: 2, checks: ${JSON.stringify(CHECKS)} });
// The run works on copies of the demo workspaces, whose channels have ids of their own: pinterest's are read from the
// channel lists it was given.
const ids = new Set(['${CHANNEL}']);
for (const e of exchanges) {
  if (e.method !== 'GET' || !e.path.endsWith('/integrations') || e.status !== 200) continue;
  for (const c of JSON.parse(e.answer)) if (c.identifier === 'pinterest') ids.add(c.id);
}
const onPinterest = exchanges.filter((e) => [...ids].some((id) => e.path.includes(id) || e.body.includes(id)));
// The row's media rule, straight: a text-only post on the channel is refused.
const textOnly = await target.app.fetch(new Request('http://mock.in-process/api/public/v1/posts', {
  method: 'POST',
  headers: { authorization: 'demo-paid-key', 'content-type': 'application/json' },
  body: JSON.stringify({ type: 'schedule', date: '2026-02-01T10:00:00.000Z', shortLink: false, tags: [], posts: [{ integration: { id: '${CHANNEL}' }, value: [{ content: 'no image', image: [] }], settings: { __type: 'pinterest', board: 'spring-menu' } }] }),
}));
console.log(JSON.stringify({
  results: report.results.map((r) => ({ name: r.name, status: r.status, parts: r.parts?.map((p) => ({ name: p.name, status: p.status })), failures: r.failures.map((f) => f.received + ' / ' + f.documented) })),
  exchanges: onPinterest,
  textOnly: { status: textOnly.status, body: await textOnly.text() },
}));
`;

interface Outcome {
  results: Array<{ name: string; status: string; parts?: Array<{ name: string; status: string }>; failures: string[] }>;
  exchanges: Array<{ method: string; path: string; body: string; status: number; answer: string }>;
  textOnly: { status: number; body: string };
}

function run(cmd: string, args: string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' }, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

describe('adding a provider: a row, a schema, a channel, npm run types', () => {
  let dir = '';
  let outcome: Outcome;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'spw-provider-'));
    for (const entry of COPIED) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');

    // The row.
    const providersFile = join(dir, 'fixtures/providers.json');
    const providers = JSON.parse(readFileSync(providersFile, 'utf8'));
    providers.providers.pinterest = ROW;
    writeFileSync(providersFile, JSON.stringify(providers, null, 2));

    // The schema, its branch in ChannelSettings, and its name in the branch for providers the document does not describe.
    const specFile = join(dir, 'spec/openapi.yaml');
    let spec = readFileSync(specFile, 'utf8');
    const branch = "        - if: {type: object, required: [__type], properties: {__type: {const: sanity}}}\n          then: {$ref: '#/components/schemas/SettingsSanity'}\n";
    const others = 'enum: [x, linkedin, linkedin-page, instagram, instagram-standalone, facebook, threads, tiktok, youtube, discord, sanity]';
    for (const needed of [branch, others, '    SettingsOther:\n']) expect(spec, 'the document changed shape: update this test and docs/dev/adding-a-provider.md').toContain(needed);
    spec = spec
      .replace(branch, `${branch}        - if: {type: object, required: [__type], properties: {__type: {const: pinterest}}}\n          then: {$ref: '#/components/schemas/SettingsPinterest'}\n`)
      .replace(others, others.replace(']', ', pinterest]'))
      .replace('    SettingsOther:\n', `${SCHEMA}    SettingsOther:\n`);
    writeFileSync(specFile, spec);

    // A channel on the paid demo workspace, where the provider checks post.
    const workspacesFile = join(dir, 'fixtures/workspaces.json');
    const workspaces = JSON.parse(readFileSync(workspacesFile, 'utf8'));
    const paid = workspaces.workspaces.find((w: { id: string }) => w.id === 'ws_paid_demo');
    paid.channels.push({ id: CHANNEL, name: 'Lumen Studio on Pinterest', identifier: 'pinterest', picture: null, disabled: false, profile: 'lumenstudio', customer: null });
    writeFileSync(workspacesFile, JSON.stringify(workspaces, null, 2));

    run('npm', ['run', '--silent', 'types'], dir);
    writeFileSync(join(dir, 'run-provider-checks.ts'), RUNNER);
    const out = run(process.execPath, ['run-provider-checks.ts'], dir);
    outcome = JSON.parse(out.trim().split('\n').at(-1)!) as Outcome;
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('npm run types took the new schema into the bundle and the types', () => {
    expect(readFileSync(join(dir, 'spec/generated/openapi.json'), 'utf8')).toContain('SettingsPinterest');
    const types = readFileSync(join(dir, 'spec/generated/openapi.d.ts'), 'utf8');
    // A member of the settings union a post entry is typed with, so `{ __type: 'pinterest' }` without `board` stops compiling.
    expect(types).toMatch(/ChannelSettings: [^;]*components\["schemas"\]\["SettingsPinterest"\]/);
  });

  it('the provider checks pass against the copy, settings_refused with a part for pinterest', () => {
    for (const r of outcome.results) expect({ name: r.name, status: r.status, failures: r.failures }).toEqual({ name: r.name, status: 'passed', failures: [] });
    expect(outcome.results.map((r) => r.name).sort()).toEqual([...CHECKS].sort());
    const refused = outcome.results.find((r) => r.name === 'settings_refused')!;
    expect(refused.parts).toContainEqual({ name: 'pinterest', status: 'passed' });
  });

  it('sent pinterest settings without board, and a title over its bound, and both were refused', () => {
    const posts = outcome.exchanges.filter((e) => e.method === 'POST' && e.path.endsWith('/posts'));
    const settingsOf = (e: { body: string }) => JSON.parse(e.body).posts[0].settings as Record<string, unknown> | null;
    const withoutBoard = posts.filter((e) => settingsOf(e)?.__type === 'pinterest' && !('board' in settingsOf(e)!));
    expect(withoutBoard.length).toBeGreaterThan(0);
    for (const e of withoutBoard) {
      expect(e.status).toBe(400);
      expect(e.answer).toContain('board');
    }
    const longTitle = posts.filter((e) => String(settingsOf(e)?.title ?? '').length > 100);
    expect(longTitle.length).toBeGreaterThan(0);
    for (const e of longTitle) expect(e.status).toBe(400);
    // Every post on pinterest the checks sent carried an image: no generic text-only post went to a provider that may need one.
    for (const e of posts) expect(JSON.parse(e.body).posts[0].value[0].image.length, e.body).toBeGreaterThan(0);
  });

  it("read the channel's settings schema, and the row's media rule refuses a text-only post", () => {
    const schema = outcome.exchanges.find((e) => e.method === 'GET' && e.path.includes('/integration-settings/'));
    expect(schema?.status).toBe(200);
    const output = JSON.parse(schema!.answer).output;
    expect(output.maxLength).toBe(500);
    expect(output.settings.required).toEqual(['__type', 'board']);
    expect(outcome.textOnly.status).toBe(400);
    expect(outcome.textOnly.body).toContain('A Pinterest post needs at least one photo or video');
  });
});
