// The wallet over HTTP: every wallet operation, the control API's wallet screens, and the 402 gate on scheduling.
import { describe, expect, it } from 'vitest';
import { testMock, KEYS, T0, type TestMock, WALLET_LINK, walletPage } from '../../testing.ts';

const HOUR = 60 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const X = { __type: 'x', who_can_reply_post: 'everyone' };

function post(type: string, channel: string, contents: string[], extra: Record<string, unknown> = {}, group?: string) {
  return {
    type,
    date: iso(T0 + HOUR),
    shortLink: false,
    tags: [],
    ...extra,
    posts: [{ integration: { id: channel }, settings: X, value: contents.map((content) => ({ content, image: [] })), ...(group ? { group } : {}) }],
  };
}

async function balance(m: TestMock, key: string = KEYS.payg): Promise<number> {
  return (await m.api('get', '/wallet', key).expect(200)).body.balance;
}

async function ledger(m: TestMock, key: string = KEYS.payg, query = 'size=100') {
  return (await m.api('get', `/wallet/transactions?${query}`, key).expect(200)).body;
}

async function calendar(m: TestMock, key: string = KEYS.payg) {
  const res = await m.api('get', `/posts?startDate=${iso(T0 - 48 * HOUR)}&endDate=${iso(T0 + 48 * HOUR)}`, key).expect(200);
  return res.body.posts as Array<Record<string, any>>;
}

const control = (m: TestMock, method: 'post' | 'put', path: string) => m.http[method](`/_mock${path}`);

describe('GET /wallet', () => {
  it('gives the pay-as-you-go summary with auto top-up settings and the forecast', async () => {
    const m = testMock();
    const res = await m.api('get', '/wallet').expect(200);
    expect(res.body).toEqual({
      usesWallet: true,
      balance: 525,
      payAsYouGo: true,
      frozen: false,
      currency: 'USD',
      creditsPerUnit: 100,
      autoTopUp: { enabled: false, belowCredits: 10, amount: 1000, monthlyLimit: 5000, usedThisMonth: 0 },
      forecast: { windowHours: 48, neededCredits: 0, short: false },
      topUpUrl: expect.stringMatching(/^http:\/\/.+\/wallet\?link=wl_[0-9a-f]{32}$/),
    });
  });

  it('uses the wallet on a free workspace never topped up, with nothing in it, and not on a paid plan', async () => {
    const m = testMock();
    expect((await m.api('get', '/wallet', KEYS.free).expect(200)).body).toMatchObject({ usesWallet: true, balance: 0, payAsYouGo: false, frozen: false });
    expect((await m.api('get', '/wallet', KEYS.paid).expect(200)).body).toEqual({ usesWallet: false, message: 'Your plan does not use wallet credits.' });
  });
});

describe('GET /wallet/prices', () => {
  it('lists sections channels, storage, brief and skills; with provider, only that provider rows', async () => {
    const m = testMock();
    const all = (await m.api('get', '/wallet/prices').expect(200)).body;
    expect(all.sections.map((s: any) => s.key)).toEqual(['channels', 'storage', 'brief', 'skills']);
    const keys = all.sections.flatMap((s: any) => s.items.map((i: any) => i.key));
    expect(keys).toEqual(expect.arrayContaining(['x.post', 'x.post_link', 'x.post_read', 'storage.gb', 'brief.unlock', 'skills.unlock']));
    expect(all.sections.flatMap((s: any) => s.items).filter((i: any) => i.billing === 'UNLOCK').map((i: any) => i.credits)).toEqual([0, 0]);
    const x = (await m.api('get', '/wallet/prices?provider=x').expect(200)).body;
    expect(x.sections.flatMap((s: any) => s.items).every((i: any) => i.provider === 'x')).toBe(true);
    expect(x.sections[0].items[0]).toMatchObject({ key: 'x.post', credits: 2.25, price: '2.25 credits per post' });
    expect((await m.api('get', '/wallet/prices?provider=linkedin').expect(200)).body.sections).toEqual([]);
  });
});

describe('GET /wallet/transactions', () => {
  it('pages newest first from page 0, filters by type, and says where the next page is', async () => {
    const m = testMock();
    for (let i = 1; i <= 3; i++) await control(m, 'post', '/workspaces/ws_payg_demo/wallet/grant').send({ credits: i }).expect(200);
    const first = await ledger(m, KEYS.payg, 'size=2');
    expect(first).toMatchObject({ total: 5, page: 0, size: 2, nextPage: 1 });
    expect(first.items.map((t: any) => t.credits)).toEqual([3, 2]);
    const last = await ledger(m, KEYS.payg, 'size=2&page=2');
    expect(last).toMatchObject({ page: 2, nextPage: null });
    expect(last.items.map((t: any) => t.type)).toEqual(['TOPUP']);
    expect((await ledger(m, KEYS.payg, 'type=TOPUP,GRANT')).total).toBe(5);
    // A list written with spaces after its commas, as people write lists, is the same list.
    expect((await ledger(m, KEYS.payg, 'type=TOPUP,%20GRANT')).total).toBe(5);
    expect((await ledger(m, KEYS.payg, 'type=SPEND')).items).toEqual([]);
    expect((await m.api('get', '/wallet/transactions').expect(200)).body.size).toBe(20);
  });

  it('refuses a size outside 1 to 100 and an unknown type with 400', async () => {
    const m = testMock();
    await m.api('get', '/wallet/transactions?size=0').expect(400);
    await m.api('get', '/wallet/transactions?size=101').expect(400);
    const gift = await m.api('get', '/wallet/transactions?type=GIFT').expect(400);
    // The refusal names the values the list takes, not the pattern that holds them.
    expect(gift.body.msg).toBe("query parameter 'type' must be a comma separated list of: TOPUP, AUTO_TOPUP, SPEND, REFUND, GRANT, ADJUST");
    await m.api('get', '/wallet/transactions?page=-1').expect(400);
  });

  it('answers NotOnWallet with an empty items on a paid plan', async () => {
    const m = testMock();
    expect((await m.api('get', '/wallet/transactions', KEYS.paid).expect(200)).body).toEqual({
      usesWallet: false,
      message: 'Your plan does not use wallet credits.',
      total: 0,
      items: [],
    });
  });
});

describe('POST /wallet/estimate', () => {
  it('equals the charge that scheduling then makes, to the hundredth', async () => {
    const m = testMock();
    const contents = ['Spring launch', 'Details on northwind.shop', 'Thanks!'];
    const e = (await m.api('post', '/wallet/estimate').send({ provider: 'x', contents }).expect(200)).body;
    expect(e).toMatchObject({ charged: true, priceCredits: 34.5, alreadyPaidCredits: 0, dueCredits: 34.5, balanceAfterCredits: 490.5, short: false });
    await m.api('post', '/posts').send(post('schedule', 'ch_payg_x', contents)).expect(200);
    expect(await balance(m)).toBe(e.balanceAfterCredits);
    const spends = (await ledger(m, KEYS.payg, 'type=SPEND')).items;
    expect(spends.map((t: any) => t.credits)).toEqual([-2.25, -30, -2.25]);
  });

  it('counts what a group already paid when it is edited', async () => {
    const m = testMock();
    const [created] = (await m.api('post', '/posts').send(post('schedule', 'ch_payg_x', ['one', 'two'])).expect(200)).body;
    const group = (await calendar(m)).find((p) => p.id === created.postId)!.group;
    const e = (await m.api('post', '/wallet/estimate').send({ provider: 'x', contents: ['one', 'two with example.com'], group }).expect(200)).body;
    expect(e).toMatchObject({ priceCredits: 32.25, alreadyPaidCredits: 4.5, dueCredits: 27.75 });
    const before = await balance(m);
    // The calendar lists a group by its first item; the second is sent without its id, so it is replaced.
    const edit = post('schedule', 'ch_payg_x', [], {}, group);
    edit.posts[0]!.value = [
      { content: 'one', image: [], id: created.postId },
      { content: 'two with example.com', image: [] },
    ] as any;
    await m.api('post', '/posts').send(edit).expect(200);
    expect(Math.round((before - (await balance(m))) * 100)).toBe(Math.round(e.dueCredits * 100));
  });

  it('says short when scheduling would be refused; perOccurrence with inter; NotOnWallet on a paid plan; 400 on invalid input', async () => {
    const m = testMock();
    const many = Array.from({ length: 18 }, () => 'example.com');
    expect((await m.api('post', '/wallet/estimate').send({ provider: 'x', contents: many, inter: 7 }).expect(200)).body).toMatchObject({
      short: true,
      autoTopUpCovers: false,
      perOccurrence: true,
      dueCredits: 540,
    });
    expect((await m.api('post', '/wallet/estimate', KEYS.paid).send({ provider: 'x', contents: ['a'] }).expect(200)).body.usesWallet).toBe(false);
    await m.api('post', '/wallet/estimate').send({ provider: 'x', contents: [] }).expect(400);
    await m.api('post', '/wallet/estimate').send({ provider: 'x', contents: ['a'], inter: 3651 }).expect(400);
    await m.api('post', '/wallet/estimate').send({ contents: ['a'] }).expect(400);
  });
});

describe('the 402 gate', () => {
  it('refuses POST /posts when credits do not cover it, and saves nothing', async () => {
    const m = testMock();
    const before = await ledger(m);
    const res = await m.api('post', '/posts').send(post('schedule', 'ch_payg_x', Array.from({ length: 18 }, () => 'example.com'))).expect(402);
    expect(res.body).toMatchObject({ wallet: true, url: expect.stringMatching(WALLET_LINK), message: expect.stringMatching(/Not enough credits/) });
    // The link leads to the refused workspace's own page, the one its topUpUrl names.
    expect(res.body.url).toBe(await walletPage(m, KEYS.payg));
    expect(await ledger(m)).toEqual(before);
    expect(await calendar(m)).toEqual([]);
  });

  it('refuses a charged post on a free workspace never topped up, and takes it after the first top-up', async () => {
    const m = testMock();
    await m.api('post', '/posts', KEYS.free).send(post('schedule', 'ch_free_x', ['hello'])).expect(402);
    expect(await calendar(m, KEYS.free)).toEqual([]);
    await control(m, 'post', '/workspaces/ws_free_demo/wallet/top-up').send({ credits: 10 }).expect(200);
    await m.api('post', '/posts', KEYS.free).send(post('schedule', 'ch_free_x', ['hello'])).expect(200);
    expect(await balance(m, KEYS.free)).toBe(7.75);
  });

  it('refuses PUT /posts/{id}/status to schedule when credits do not cover it, and charges when they do', async () => {
    const m = testMock();
    const [draft] = (await m.api('post', '/posts').send(post('draft', 'ch_payg_x', Array.from({ length: 18 }, () => 'example.com'))).expect(200)).body;
    expect(await balance(m)).toBe(525);
    const before = await ledger(m);
    const res = await m.api('put', `/posts/${draft.postId}/status`).send({ status: 'schedule' }).expect(402);
    expect(res.body).toMatchObject({ wallet: true, url: expect.stringMatching(WALLET_LINK) });
    expect(await ledger(m)).toEqual(before);
    expect((await calendar(m)).every((p) => p.state === 'DRAFT')).toBe(true);
    await control(m, 'post', '/workspaces/ws_payg_demo/wallet/grant').send({ credits: 15 }).expect(200);
    await m.api('put', `/posts/${draft.postId}/status`).send({ status: 'schedule' }).expect(200);
    expect(await balance(m)).toBe(0);
    await m.api('put', `/posts/${draft.postId}/status`).send({ status: 'draft' }).expect(200);
    expect(await balance(m)).toBe(540);
    expect((await ledger(m, KEYS.payg, 'type=REFUND')).items[0].description).toMatch(/moved back to drafts/);
  });

  it('covers a shortfall with auto top-up, recorded as AUTO_TOPUP before the SPEND', async () => {
    const m = testMock();
    await control(m, 'put', '/workspaces/ws_payg_demo/wallet/auto-top-up').send({ enabled: true }).expect(200);
    await m.api('post', '/posts').send(post('schedule', 'ch_payg_x', Array.from({ length: 18 }, () => 'example.com'))).expect(200);
    const items = (await ledger(m)).items.map((t: any) => t.type);
    expect(items.lastIndexOf('SPEND')).toBeLessThan(items.indexOf('AUTO_TOPUP')); // newest first: spends above the top-up
    const wallet = (await m.api('get', '/wallet').expect(200)).body;
    expect(wallet).toMatchObject({ balance: 525 + 1000 - 540, autoTopUp: { usedThisMonth: 1000 } });
  });

  it('drafts never cost, and deleting gives back what was paid', async () => {
    const m = testMock();
    await m.api('post', '/posts').send(post('draft', 'ch_payg_x', ['a', 'b example.com'])).expect(200);
    expect(await balance(m)).toBe(525);
    const [scheduled] = (await m.api('post', '/posts').send(post('schedule', 'ch_payg_x', ['a', 'b example.com'])).expect(200)).body;
    expect(await balance(m)).toBe(492.75);
    await m.api('delete', `/posts/${scheduled.postId}`).expect(200);
    expect(await balance(m)).toBe(525);
  });

  it('concurrent schedules never spend credits that are not there', async () => {
    const m = testMock();
    // 525 credits; each request costs 60 (two link items): at most 8 can be accepted.
    const requests = Array.from({ length: 20 }, () =>
      m.api('post', '/posts').send(post('schedule', 'ch_payg_x', ['example.com one', 'example.com two'])).then((r) => r.status),
    );
    const statuses = await Promise.all(requests);
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.filter((s) => s === 402)).toHaveLength(12);
    const wallet = (await m.api('get', '/wallet').expect(200)).body;
    expect(wallet.balance).toBe(45);
    const all = await ledger(m);
    expect(Math.round(all.items.reduce((s: number, t: any) => s + t.credits * 100, 0))).toBe(4500);
    expect(await calendar(m)).toHaveLength(8); // one calendar entry per accepted group
  });
});

describe('control API: wallet screens', () => {
  it('tops up (TOPUP, turns pay-as-you-go on), grants, adjusts with a claw-back that freezes, unfreezes', async () => {
    const m = testMock();
    const ws = '/workspaces/ws_free_demo';
    expect((await control(m, 'post', `${ws}/wallet/grant`).send({ credits: 5, description: 'Gift' }).expect(200)).body).toMatchObject({ balance: 5, payAsYouGo: false });
    expect((await control(m, 'post', `${ws}/wallet/top-up`).send({ credits: 20 }).expect(200)).body).toMatchObject({ balance: 25, payAsYouGo: true, frozen: false });
    expect((await control(m, 'post', `${ws}/wallet/adjust`).send({ credits: -30 }).expect(200)).body).toMatchObject({ balance: -5, payAsYouGo: false, frozen: true });
    expect((await m.api('get', '/wallet', KEYS.free).expect(200)).body).toMatchObject({ balance: -5, frozen: true, payAsYouGo: false });
    await control(m, 'post', `${ws}/wallet/top-up`).send({ credits: 20 }).expect(400);
    await m.api('post', '/posts', KEYS.free).send(post('schedule', 'ch_free_x', ['hi'])).expect(402);
    expect((await control(m, 'post', `${ws}/wallet/unfreeze`).expect(200)).body).toMatchObject({ frozen: false, payAsYouGo: true });
    expect((await control(m, 'post', `${ws}/wallet/freeze`).expect(200)).body).toMatchObject({ frozen: true, payAsYouGo: false });
    const types = (await ledger(m, KEYS.free)).items.map((t: any) => t.type);
    expect(types).toEqual(['ADJUST', 'TOPUP', 'GRANT']);
  });

  it('sets auto top-up, moves plans, and answers 404 for an unknown workspace and 400 for bad amounts', async () => {
    const m = testMock();
    const res = await control(m, 'put', '/workspaces/ws_payg_demo/wallet/auto-top-up').send({ enabled: true, belowCredits: 20, amount: 500, monthlyLimit: 1000 }).expect(200);
    expect(res.body.autoTopUp).toEqual({ enabled: true, belowCredits: 20, amount: 500, monthlyLimit: 1000 });
    await control(m, 'put', '/workspaces/ws_payg_demo/wallet/auto-top-up').send({ enabled: true, amount: 0 }).expect(400);
    await control(m, 'post', '/workspaces/ws_payg_demo/wallet/top-up').send({ credits: 1.234 }).expect(400);
    await control(m, 'post', '/workspaces/nope/wallet/top-up').send({ credits: 1 }).expect(404);
    const plan = await control(m, 'put', '/workspaces/ws_payg_demo/plan').send({ plan: 'paid' }).expect(200);
    expect(plan.body).toMatchObject({ id: 'ws_payg_demo', plan: 'paid', payAsYouGo: false });
    expect((await m.api('get', '/wallet').expect(200)).body.usesWallet).toBe(false);
    await m.api('post', '/posts').send(post('schedule', 'ch_payg_x', Array.from({ length: 30 }, () => 'example.com'))).expect(200);
    await control(m, 'put', '/workspaces/ws_payg_demo/plan').send({ plan: 'free' }).expect(200);
    expect(await balance(m)).toBe(525);
  });
});
