// The ledger cap holds on every path that adds credits (control top-ups, grants and adjustments, the wallet page,
// automatic top-ups): refused with a 400 naming caps.ledgerEntries, the ledger and balance unchanged.
import { describe, expect, it } from 'vitest';
import { testMock, walletPage, KEYS, type TestMock } from '../testing.ts';

const world = (m: TestMock) => m.app.state.world;
const wallet = (m: TestMock, ws = 'ws_payg_demo') => world(m).workspaces.get(ws)!.wallet;

/** The single-use field of a page form, read from the page as a browser would get it. */
async function csrf(m: TestMock, path: string): Promise<string> {
  const res = await m.http.get(path).expect(200);
  return res.text.match(/name="csrf_token" value="([^"]+)"/)![1]!;
}

describe('the ledger cap on every path that adds credits', () => {
  const scheduled = {
    type: 'schedule',
    date: '2026-02-01T10:00:00.000Z',
    shortLink: false,
    tags: [],
    posts: [{ integration: { id: 'ch_payg_x' }, settings: { __type: 'x', who_can_reply_post: 'everyone' }, value: [{ content: 'priced', image: [] }] }],
  };

  /** Each path, as a request that adds credits to ws_payg_demo; `room` is how many entries the cap leaves free. */
  const PATHS: Array<{ name: string; room?: number; setup?: (m: TestMock) => Promise<unknown>; send: (m: TestMock) => Promise<{ status: number; text: string }> }> = [
    { name: 'control top-up', send: (m) => m.http.post('/_mock/workspaces/ws_payg_demo/wallet/top-up').send({ credits: 5 }) },
    { name: 'control grant', send: (m) => m.http.post('/_mock/workspaces/ws_payg_demo/wallet/grant').send({ credits: 5 }) },
    { name: 'control adjustment', send: (m) => m.http.post('/_mock/workspaces/ws_payg_demo/wallet/adjust').send({ credits: 5 }) },
    { name: 'control claw-back', send: (m) => m.http.post('/_mock/workspaces/ws_payg_demo/wallet/adjust').send({ credits: -5 }) },
    {
      name: 'wallet page top-up',
      send: async (m) => {
        const page = await walletPage(m, KEYS.payg);
        const link = new URL(page, 'http://mock').searchParams.get('link')!;
        return m.http.post('/wallet').redirects(0).type('form').send(new URLSearchParams({ link, csrf_token: await csrf(m, page), action: 'top-up', credits: '5' }).toString());
      },
    },
    {
      // The threshold is above any balance, so the charge brings one automatic top-up: two entries where one is free.
      name: 'automatic top-up while scheduling',
      room: 1,
      setup: (m) => m.http.put('/_mock/workspaces/ws_payg_demo/wallet/auto-top-up').send({ enabled: true, amount: 1000, belowCredits: 1_000_000 }).expect(200),
      send: (m) => m.api('post', '/posts').send(scheduled),
    },
  ];

  for (const path of PATHS) {
    it(`${path.name}: refused at the cap, naming it, with the ledger unchanged; goes through below it`, async () => {
      const m = testMock();
      await path.setup?.(m);
      const entries = wallet(m).ledger.length;
      await m.http.put('/_mock/limits').send({ caps: { ledgerEntries: entries + (path.room ?? 0) } }).expect(200);
      const state = () => JSON.stringify({ wallet: wallet(m), posts: world(m).workspaces.get('ws_payg_demo')!.posts.rows.size }, (_, v) => (v instanceof Map ? [...v] : v));
      const before = state();
      const refused = await path.send(m);
      expect(refused.status).toBe(400);
      expect(refused.text).toMatch(/at most \d+ wallet ledger entries per workspace.*caps\.ledgerEntries/);
      expect(state()).toBe(before);

      await m.http.put('/_mock/limits').send({ caps: { ledgerEntries: entries + 10 } }).expect(200);
      expect((await path.send(m)).status).toBeLessThan(400);
      expect(wallet(m).ledger.length).toBeGreaterThan(entries);
    });
  }
});
