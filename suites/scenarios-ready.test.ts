// The ready scenarios in fixtures/scenarios/: each loads into a fresh mock, shows what its name promises, and passes verify's ledger check.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testMock, KEYS, T0 } from '../mocks/testing.ts';
import { BUSY_CHANNELS, READY_SCENARIOS, SCENARIOS_DIR, busyWorkspace } from '../scripts/scenarios.ts';
import { inProcessTarget } from './in-process.ts';
import { runChecks } from './runner.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const load = (name: string): any => JSON.parse(readFileSync(new URL(name, SCENARIOS_DIR), 'utf8'));
const names = Object.keys(READY_SCENARIOS);

async function started(name: string) {
  const doc = load(name);
  const m = testMock();
  expect((await m.http.put('/_mock/scenario').send(doc).expect(200)).body).toEqual({ ok: true, workspaces: doc.workspaces.length });
  return { doc, m };
}

describe('ready scenarios', () => {
  it.each(names)('%s loads, describes itself, keeps its balances on their ledgers and its posts in valid states', async (name) => {
    const { doc, m } = await started(name);
    expect(doc.description.length).toBeGreaterThan(80);
    const world = (await m.http.get('/_mock/scenario').expect(200)).body;
    for (const ws of world.workspaces) {
      expect(ws.wallet.balance).toBe(ws.wallet.ledger.reduce((n: number, t: any) => n + t.cents, 0));
      for (const p of ws.posts) expect(['QUEUE', 'PUBLISHED', 'ERROR', 'DRAFT']).toContain(p.state);
    }
  });

  it.each(names)("%s passes verify's ledger_balance_equals_transactions", async (name) => {
    const target = await inProcessTarget({ scenario: load(name) });
    const report = await runChecks(target, { seed: 5, runs: 1, checks: ['ledger_balance_equals_transactions'] });
    expect(report.results.map((r) => [r.name, r.status])).toEqual([['ledger_balance_equals_transactions', 'passed']]);
    expect(report.results[0]!.assertions).toBeGreaterThan(0);
  });

  it('busy-workspace: its charges fall over the months its posts were written, and no top-up sits at the clock\'s now', () => {
    const doc = load('busy-workspace.json');
    const now = Date.parse(doc.clock.now);
    const ledger: Array<{ type: string; createdAt: number }> = doc.workspaces.find((w: any) => w.id === 'ws_payg_demo').wallet.ledger;
    const charges = ledger.filter((t) => t.type === 'SPEND');
    expect(charges.length).toBeGreaterThan(200);
    // One action may add two entries at once (a post and its link); never more share an instant.
    const perInstant = new Map<number, number>();
    for (const t of charges) perInstant.set(t.createdAt, (perInstant.get(t.createdAt) ?? 0) + 1);
    expect(Math.max(...perInstant.values())).toBeLessThanOrEqual(2);
    expect(Math.max(...charges.map((t) => t.createdAt)) - Math.min(...charges.map((t) => t.createdAt))).toBeGreaterThan(90 * DAY);
    const topUps = ledger.filter((t) => t.type === 'TOPUP');
    expect(topUps.length).toBeGreaterThan(6);
    expect(topUps.filter((t) => t.createdAt >= now)).toEqual([]);
  });

  it('empty-workspace: one free workspace with nothing in it, reached by the key its description names', async () => {
    const { doc, m } = await started('empty-workspace.json');
    expect(doc.workspaces).toHaveLength(1);
    const key = doc.workspaces[0].apiKey;
    expect(doc.description).toContain(key);
    await m.api('get', '/wallet', KEYS.payg).expect(401);
    const posts = await m.api('get', `/posts?startDate=${iso(T0 - 30 * DAY)}&endDate=${iso(T0 + 30 * DAY)}`, key).expect(200);
    expect(posts.body.posts).toEqual([]);
    expect((await m.api('get', '/media?page=1', key).expect(200)).body.results).toEqual([]);
    expect((await m.api('get', '/integrations', key).expect(200)).body.length).toBeGreaterThan(0);
    const wallet = (await m.api('get', '/wallet', key).expect(200)).body;
    expect(wallet).toMatchObject({ balance: 0, frozen: false });
  });

  it('low-credits: under the low-balance line, auto top-up off, a post with a link is short and refused with 402', async () => {
    const { m } = await started('low-credits.json');
    const wallet = (await m.api('get', '/wallet').expect(200)).body;
    expect(wallet.balance).toBeLessThan(10);
    expect(wallet.balance).toBeGreaterThan(0);
    expect(wallet.autoTopUp.enabled).toBe(false);
    const estimate = await m.api('post', '/wallet/estimate').send({ provider: 'x', contents: ['New loaves at juniper.example.com'] }).expect(200);
    expect(estimate.body).toMatchObject({ usesWallet: true, short: true, autoTopUpCovers: false });
    const post = {
      type: 'schedule',
      date: iso(T0 + 3 * DAY),
      shortLink: false,
      tags: [],
      posts: [{ integration: { id: 'ch_payg_x' }, settings: { __type: 'x', who_can_reply_post: 'everyone' }, value: [{ content: 'See juniper.example.com', image: [] }] }],
    };
    await m.api('post', '/posts').send(post).expect(402);
  });

  it('frozen-wallet: GET /wallet answers frozen, and the control API refuses a top-up', async () => {
    const { m } = await started('frozen-wallet.json');
    expect((await m.api('get', '/wallet').expect(200)).body.frozen).toBe(true);
    expect((await m.api('get', '/wallet', KEYS.free).expect(200)).body.frozen).toBe(false);
    await m.http.post('/_mock/workspaces/ws_payg_demo/wallet/top-up').send({ credits: 10 }).expect(400);
  });

  it('posts-in-every-state: GET /posts lists QUEUE, PUBLISHED, ERROR and DRAFT posts', async () => {
    const { m } = await started('posts-in-every-state.json');
    const res = await m.api('get', `/posts?startDate=${iso(T0 - DAY)}&endDate=${iso(T0 + 7 * DAY)}`).expect(200);
    const states = new Set(res.body.posts.map((p: any) => p.state));
    expect([...states].sort()).toEqual(['DRAFT', 'ERROR', 'PUBLISHED', 'QUEUE']);
  });

  it('full-media-library: the free workspace lists its files and refuses the next upload with 413; the bytes were not kept', async () => {
    const { doc, m } = await started('full-media-library.json');
    const listed = (await m.api('get', '/media?page=1', KEYS.free).expect(200)).body.results;
    expect(listed).toHaveLength(3);
    const used = doc.workspaces.find((w: any) => w.id === 'ws_free_demo').media.reduce((n: number, f: any) => n + f.bytes, 0);
    expect(used).toBe(doc.config.freeLibraryBytes);
    await m.api('post', '/upload', KEYS.free).attach('file', Buffer.from('GIF89a'), 'x.gif').expect(413);
    await m.http.get(new URL(listed[0].path).pathname).expect(404);
  });

  it('paid-with-oauth-app: the access token reaches the paid workspace, which does not use the wallet', async () => {
    const { doc, m } = await started('paid-with-oauth-app.json');
    const [grant] = doc.oauthTokens;
    expect(grant).toMatchObject({ workspaceId: 'ws_paid_demo' });
    expect(doc.description).toContain(grant.token);
    expect((await m.api('get', '/is-connected', grant.token).expect(200)).body).toEqual({ connected: true });
    expect((await m.api('get', '/wallet', grant.token).expect(200)).body.usesWallet).toBe(false);
    expect((await m.http.get('/_mock/workspaces/ws_paid_demo/oauth-app').expect(200)).body.clientId).toBe(grant.clientId);
  });

  it('busy-workspace regenerated with one channel fewer keeps every other channel\'s posts as they were: ids, groups, times, text and states', async () => {
    const posts = (doc: any) => doc.workspaces.find((w: any) => w.id === 'ws_payg_demo').posts as any[];
    const view = (p: any) => [p.id, p.group, p.channelId, p.publishAt, p.content, p.state, p.releaseId].join(' ');
    const whole = posts(load('busy-workspace.json'));
    const fewer = posts(await busyWorkspace(BUSY_CHANNELS.filter((c) => c.channel !== 'ch_payg_discord')));
    expect(whole.some((p) => p.channelId === 'ch_payg_discord')).toBe(true);
    expect(fewer.some((p) => p.channelId === 'ch_payg_discord')).toBe(false);
    expect(fewer.map(view)).toEqual(whole.filter((p) => p.channelId !== 'ch_payg_discord').map(view));
  }, 60_000);
});
