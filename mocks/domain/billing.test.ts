// Billing rules by example: prices per item, edits, refunds, refusals, auto top-up, single actions, plan states.
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.ts';
import { applySettlement, isPayAsYouGo, paidFor, planActions, planSettlement } from './billing.ts';
import { adjust, grant, listTransactions, setAutoTopUp, topUp } from './wallet.ts';
import { holdsLink, postActionKey, unitPrice } from './wallet-pricing.ts';
import { estimate } from './wallet-estimate.ts';
import { walletSummary } from './wallet-summary.ts';
import { edit, ledgerSum, putRows, releaseGroup, schedule, walletWorld, channelOf } from './wallet-testing.ts';
import { updateRow } from './posts.ts';

const URL = 'http://mock.test/wallet';

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a DomainError');
}

describe('prices', () => {
  it('reads every price from the price list, in hundredths', () => {
    const { world } = walletWorld();
    expect(unitPrice(world, 'x.post')).toBe(225);
    expect(unitPrice(world, 'x.post_link')).toBe(3000);
    expect(unitPrice(world, 'x.post_read')).toBe(75);
    expect(unitPrice(world, 'storage.gb')).toBe(5000);
    expect(unitPrice(world, 'linkedin.post')).toBe(0);
  });

  it('prices an item holding a link (a bare domain counts) as x.post_link, others as x.post, unlisted providers free', () => {
    const { world } = walletWorld();
    expect(postActionKey(world, 'x', 'Fresh bread today')).toBe('x.post');
    expect(postActionKey(world, 'x', 'Read https://example.com/a')).toBe('x.post_link');
    expect(postActionKey(world, 'x', 'see juniper.shop for more')).toBe('x.post_link');
    expect(postActionKey(world, 'x', '<p>Hi <a href="https://a.io">there</a></p>')).toBe('x.post_link');
    expect(postActionKey(world, 'linkedin', 'https://example.com')).toBeNull();
  });

  it('does not take ordinary words with dots for links', () => {
    for (const text of ['Node.js is fun', 'e.g. this', 'version 3.14', 'mail me at a@b', 'file.txt attached']) {
      expect(holdsLink(text), text).toBe(false);
    }
  });
});

describe('scheduling charges', () => {
  it('charges each thread item separately and records SPEND entries newest first', () => {
    const ww = walletWorld();
    const rows = schedule(ww, 'x', ['one', 'two', 'three https://example.com']);
    expect(ww.ws.wallet.balance).toBe(52500 - 225 - 225 - 3000);
    expect(rows.map((r) => paidFor(ww.ws, r.id))).toEqual([225, 225, 3000]);
    const page = listTransactions(ww.ws, { type: 'SPEND' });
    expect(page.total).toBe(3);
    expect(page.items[0]).toMatchObject({ type: 'SPEND', credits: -30, actionKey: 'x.post_link', reference: rows[2]!.id });
    expect(ledgerSum(ww.ws)).toBe(ww.ws.wallet.balance);
  });

  it('charges nothing on a provider the list does not name', () => {
    const ww = walletWorld();
    schedule(ww, 'linkedin', ['free https://example.com']);
    expect(ww.ws.wallet.balance).toBe(52500);
    expect(ww.ws.wallet.ledger).toHaveLength(2);
  });

  it('re-prices only what changed on an edit: unchanged keeps its charge, a changed action is refunded and charged anew, a removed item is refunded', () => {
    const ww = walletWorld();
    const rows = schedule(ww, 'x', ['a', 'b', 'c']);
    const before = ww.ws.wallet.ledger.length;
    edit(ww, rows[0]!.group, ['a changed text', 'b with example.com']);
    const added = ww.ws.wallet.ledger.slice(before);
    expect(added.map((t) => [t.type, t.cents, t.reference])).toEqual([
      ['REFUND', 225, rows[2]!.id],
      ['REFUND', 225, rows[1]!.id],
      ['SPEND', -3000, rows[1]!.id],
    ]);
    expect(added[0]!.description).toContain('edited');
    expect(added[1]!.description).toContain('edited');
    expect(paidFor(ww.ws, rows[0]!.id)).toBe(225);
    expect(paidFor(ww.ws, rows[1]!.id)).toBe(3000);
    expect(paidFor(ww.ws, rows[2]!.id)).toBe(0);
  });

  it('gives back what unsent items paid when a group is deleted, with the reason in the description', () => {
    const ww = walletWorld();
    const rows = schedule(ww, 'x', ['a', 'b']);
    updateRow(rows[0]!, { state: 'PUBLISHED' });
    releaseGroup(ww, rows[0]!.group, 'deleted');
    const refunds = ww.ws.wallet.ledger.filter((t) => t.type === 'REFUND');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ cents: 225, reference: rows[1]!.id });
    expect(refunds[0]!.description).toMatch(/deleted/);
    expect(ww.ws.wallet.balance).toBe(52500 - 225);
  });

  it('refunds moving back to drafts and a failed send', () => {
    const ww = walletWorld();
    const a = schedule(ww, 'x', ['a']);
    const b = schedule(ww, 'x', ['b']);
    releaseGroup(ww, a[0]!.group, 'moved back to drafts');
    releaseGroup(ww, b[0]!.group, 'not published');
    expect(ww.ws.wallet.balance).toBe(52500);
    const reasons = ww.ws.wallet.ledger.filter((t) => t.type === 'REFUND').map((t) => t.description);
    expect(reasons).toEqual([expect.stringMatching(/moved back to drafts/), expect.stringMatching(/not published/)]);
  });
});

describe('refusals', () => {
  it('refuses with 402 and changes nothing when credits do not cover the charge', () => {
    const ww = walletWorld();
    adjust(ww.ws, ww.world.config, 0.01, ww.env); // positive adjust: not a claw-back
    const ledger = ww.ws.wallet.ledger.length;
    const err = refusal(() => schedule(ww, 'x', Array.from({ length: 18 }, () => 'see example.com')));
    expect(err.kind).toBe('wallet_refusal');
    expect(err.message).toMatch(/Not enough credits/);
    expect(ww.ws.wallet.ledger).toHaveLength(ledger);
    expect(ww.ws.posts.rows.size).toBe(0);
  });

  it('refuses charged posts on a free workspace never topped up, even with granted credits', () => {
    const ww = walletWorld();
    const free = ww.world.workspaces.get('ws_free_demo')!;
    expect(isPayAsYouGo(free)).toBe(false);
    expect(refusal(() => planSettlement(ww.world, free, [{ postId: 'p', group: 'g', provider: 'x', content: 'hi' }], [], ww.env)).kind).toBe('wallet_refusal');
    grant(free, ww.world.config, 100, ww.env);
    expect(refusal(() => planSettlement(ww.world, free, [{ postId: 'p', group: 'g', provider: 'x', content: 'hi' }], [], ww.env)).kind).toBe('wallet_refusal');
    expect(planSettlement(ww.world, free, [{ postId: 'p', group: 'g', provider: 'linkedin', content: 'hi' }], [], ww.env).dueCents).toBe(0);
  });

  it('refuses charges on a frozen wallet but still gives credits back', () => {
    const ww = walletWorld();
    const rows = schedule(ww, 'x', ['a']);
    adjust(ww.ws, ww.world.config, -600, ww.env);
    expect(ww.ws.wallet.frozen).toBe(true);
    expect(ww.ws.wallet.balance).toBe(52500 - 225 - 60000);
    expect(refusal(() => schedule(ww, 'x', ['b'])).message).toMatch(/frozen/);
    releaseGroup(ww, rows[0]!.group, 'deleted');
    expect(ww.ws.wallet.balance).toBe(52500 - 60000);
    expect(() => topUp(ww.ws, ww.world.config, 10, ww.env)).toThrow(/frozen/);
  });

  it('never charges a paid plan: settlements come back empty', () => {
    const ww = walletWorld();
    const paid = ww.world.workspaces.get('ws_paid_demo')!;
    const s = planSettlement(ww.world, paid, [{ postId: 'p', group: 'g', provider: 'x', content: 'hi' }], [], ww.env);
    expect(s).toMatchObject({ charges: [], refunds: [], dueCents: 0 });
    expect(planActions(ww.world, paid, [{ actionKey: 'x.post_read', quantity: 10 }], ww.env).charges).toEqual([]);
  });
});

describe('automatic top-up', () => {
  it('tops up before the spend when credits fall short, recorded as AUTO_TOPUP before SPEND', () => {
    const ww = walletWorld();
    adjust(ww.ws, ww.world.config, 0.01, ww.env);
    setAutoTopUp(ww.ws, { enabled: true, belowCredits: null, amount: 1000, monthlyLimit: 5000 });
    // 525.01 credits; 18 link items cost 540: one top-up of 10 USD (1000 credits) covers it.
    schedule(ww, 'x', Array.from({ length: 18 }, () => 'example.com'));
    const types = ww.ws.wallet.ledger.map((t) => t.type);
    expect(types.indexOf('AUTO_TOPUP')).toBeLessThan(types.indexOf('SPEND'));
    expect(ww.ws.wallet.balance).toBe(52501 + 100000 - 54000);
    expect(walletSummary(ww.world, ww.ws, ww.env, URL)).toMatchObject({ autoTopUp: { usedThisMonth: 1000 } });
    expect(ww.ws.notifications.items.some((n) => /Automatic top-up/.test(n.content))).toBe(true);
  });

  it('never goes past the monthly limit: a shortfall the top-ups left cannot cover is refused', () => {
    const ww = walletWorld();
    setAutoTopUp(ww.ws, { enabled: true, belowCredits: null, amount: 100, monthlyLimit: 100 });
    // 525 credits; 20 link items cost 600: needs 75 more, one top-up of 1 USD is 100 credits and the limit allows one.
    schedule(ww, 'x', Array.from({ length: 20 }, () => 'example.com'));
    expect(ww.ws.wallet.balance).toBe(52500 + 10000 - 60000);
    const before = ww.ws.wallet.ledger.length;
    expect(refusal(() => schedule(ww, 'x', Array.from({ length: 1 }, () => 'example.com'))).kind).toBe('wallet_refusal');
    expect(ww.ws.wallet.ledger).toHaveLength(before);
  });

  it('fires once when a charge crosses the threshold, and skips it when the limit is spent', () => {
    const ww = walletWorld();
    setAutoTopUp(ww.ws, { enabled: true, belowCredits: 520, amount: 500, monthlyLimit: 500 });
    schedule(ww, 'x', ['a', 'b', 'c']); // 525 - 6.75 < 520: one top-up of 5 USD (500 credits)
    expect(ww.ws.wallet.ledger.filter((t) => t.type === 'AUTO_TOPUP')).toHaveLength(1);
    schedule(ww, 'x', Array.from({ length: 17 }, () => 'example.com')); // 1018.25 - 510 < 520 but the limit is spent
    expect(ww.ws.wallet.ledger.filter((t) => t.type === 'AUTO_TOPUP')).toHaveLength(1);
  });

  it('notifies once when the balance falls below the low-balance threshold', () => {
    const ww = walletWorld();
    schedule(ww, 'x', Array.from({ length: 17 }, () => 'example.com')); // 525 - 510 = 15
    schedule(ww, 'x', ['a', 'b', 'c']); // 15 - 6.75 = 8.25 < 10
    schedule(ww, 'x', ['d']);
    expect(ww.ws.notifications.items.filter((n) => /balance is low/.test(n.content))).toHaveLength(1);
  });
});

describe('single actions', () => {
  it('prices a quantity once, rounded up to the hundredth, and records the reference', () => {
    const ww = walletWorld();
    const s = planActions(ww.world, ww.ws, [{ actionKey: 'storage.gb', quantity: 0.123456, reference: 'med_1' }], ww.env);
    expect(s.dueCents).toBe(618); // 6.1728 credits rounded up
    applySettlement(ww.world, ww.ws, s, ww.env);
    expect(listTransactions(ww.ws, {}).items[0]).toMatchObject({ type: 'SPEND', credits: -6.18, actionKey: 'storage.gb', reference: 'med_1' });
  });

  it('refuses an action the wallet does not cover', () => {
    const ww = walletWorld();
    expect(refusal(() => planActions(ww.world, ww.ws, [{ actionKey: 'x.post_read', quantity: 1000 }], ww.env)).kind).toBe('wallet_refusal');
  });
});

describe('estimate', () => {
  it('follows the field-notes formulas for a new post', () => {
    const ww = walletWorld();
    const e = estimate(ww.world, ww.ws, { provider: 'x', contents: ['a', 'example.com'], inter: 7 }, ww.env, URL);
    expect(e).toEqual({
      usesWallet: true,
      charged: true,
      priceCredits: 32.25,
      alreadyPaidCredits: 0,
      dueCredits: 32.25,
      balanceAfterCredits: 492.75,
      short: false,
      autoTopUpCovers: false,
      perOccurrence: true,
      items: [
        { actionKey: 'x.post', credits: 2.25 },
        { actionKey: 'x.post_link', credits: 30 },
      ],
      topUpUrl: URL,
    });
  });

  it('counts what the group already paid and gives credits back for a cheaper edit', () => {
    const ww = walletWorld();
    const rows = schedule(ww, 'x', ['example.com', 'b']);
    const e = estimate(ww.world, ww.ws, { provider: 'x', contents: ['a'], group: rows[0]!.group }, ww.env, URL);
    expect(e).toMatchObject({ priceCredits: 2.25, alreadyPaidCredits: 32.25, dueCredits: -30, short: false });
    const before = ww.ws.wallet.balance;
    edit(ww, rows[0]!.group, ['a']);
    expect(ww.ws.wallet.balance - before).toBe(3000);
  });

  it('is short when scheduling would be refused and says when auto top-up covers it', () => {
    const ww = walletWorld();
    const contents = Array.from({ length: 18 }, () => 'example.com');
    expect(estimate(ww.world, ww.ws, { provider: 'x', contents }, ww.env, URL)).toMatchObject({ short: true, autoTopUpCovers: false, dueCredits: 540 });
    setAutoTopUp(ww.ws, { enabled: true, amount: 1000, monthlyLimit: 5000 });
    expect(estimate(ww.world, ww.ws, { provider: 'x', contents }, ww.env, URL)).toMatchObject({ short: false, autoTopUpCovers: true });
  });

  it('is not charged on a free provider and NotOnWallet on a paid plan', () => {
    const ww = walletWorld();
    expect(estimate(ww.world, ww.ws, { provider: 'linkedin', contents: ['a'] }, ww.env, URL)).toMatchObject({ charged: false, priceCredits: 0, items: [] });
    const paid = ww.world.workspaces.get('ws_paid_demo')!;
    expect(estimate(ww.world, paid, { provider: 'x', contents: ['a'] }, ww.env, URL)).toEqual({ usesWallet: false, message: expect.any(String) });
  });
});

describe('forecast', () => {
  it('counts queued items in the window not yet charged and the next occurrence of repeating posts', () => {
    const ww = walletWorld();
    const now = ww.clock.now();
    putRows(ww.ws, ww.env, 'g1', channelOf(ww.ws, 'x'), ['unpaid, due in a day'], 'QUEUE', now + 24 * 3600_000);
    putRows(ww.ws, ww.env, 'g2', channelOf(ww.ws, 'x'), ['unpaid, due in three days'], 'QUEUE', now + 72 * 3600_000);
    schedule(ww, 'x', ['paid daily repeat'], 'g3', 1); // paid now; next occurrence a day after its time
    putRows(ww.ws, ww.env, 'g4', channelOf(ww.ws, 'linkedin'), ['free'], 'QUEUE', now + 3600_000);
    const summary = walletSummary(ww.world, ww.ws, ww.env, URL);
    expect(summary).toMatchObject({ forecast: { windowHours: 48, neededCredits: 4.5, short: false } });
  });

  it('is short when the balance does not cover it', () => {
    const ww = walletWorld(1, { forecastWindowHours: 24 });
    const now = ww.clock.now();
    putRows(ww.ws, ww.env, 'g', channelOf(ww.ws, 'x'), Array.from({ length: 18 }, () => 'example.com'), 'QUEUE', now + 3600_000);
    expect(walletSummary(ww.world, ww.ws, ww.env, URL)).toMatchObject({ forecast: { windowHours: 24, neededCredits: 540, short: true } });
  });
});
