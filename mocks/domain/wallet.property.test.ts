// Wallet properties over the domain (fast-check, seeded ids, frozen clock): each test is named by the property it checks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.ts';
import { applySettlement, paidFor, planActions, planSettlement, type ReleaseReason, type Settlement } from './billing.ts';
import { adjust, freeze, grant, setAutoTopUp, topUp, unfreeze } from './wallet.ts';
import { estimate } from './wallet-estimate.ts';
import { edit, ledgerSum, releaseGroup, schedule, walletWorld, type WalletWorld } from './wallet-testing.ts';

const TEXTS = ['Fresh bread today', 'see example.com', 'https://juniper.shop/menu', 'plain words', '<p>Hi <b>there</b></p>', 'Node.js tips'];
const contentsArb = fc.array(fc.constantFrom(...TEXTS), { minLength: 1, maxLength: 6 });
const providerArb = fc.constantFrom('x', 'x', 'x', 'linkedin');
const creditsArb = fc.integer({ min: 1, max: 40000 }).map((c) => c / 100);
const reasonArb = fc.constantFrom<ReleaseReason>('deleted', 'moved back to drafts', 'not published');

function isRefusal(err: unknown): boolean {
  return err instanceof DomainError && err.kind === 'wallet_refusal';
}

/** Everything a refused request must leave as it was. */
function snapshot(ww: WalletWorld): string {
  const w = ww.ws.wallet;
  return JSON.stringify({
    ledger: w.ledger,
    balance: w.balance,
    paid: [...w.paid.entries()],
    frozen: w.frozen,
    rows: [...ww.ws.posts.rows.values()].map((r) => [r.id, r.content, r.state]),
  });
}

/** The ledger and the paid records agree: each item has paid exactly what its SPEND and REFUND entries say. */
function checkInvariants(ww: WalletWorld): void {
  const w = ww.ws.wallet;
  expect(w.balance).toBe(ledgerSum(ww.ws));
  expect(Number.isInteger(w.balance)).toBe(true);
  const byPost = new Map<string, number>();
  for (const t of w.ledger) {
    if ((t.type === 'SPEND' || t.type === 'REFUND') && t.reference?.startsWith('post_')) {
      byPost.set(t.reference, (byPost.get(t.reference) ?? 0) - t.cents);
    }
  }
  for (const [postId, net] of byPost) expect(paidFor(ww.ws, postId), postId).toBe(net);
}

// ---- Model-based commands ----

interface Model {
  groups: number;
}
interface Real {
  ww: WalletWorld;
  groups: string[];
}
type Cmd = fc.Command<Model, Real>;

/** Run something that may be refused with 402: a refusal must leave everything as it was. */
function guarded(real: Real, run: () => void): boolean {
  const before = snapshot(real.ww);
  const balanceBefore = real.ww.ws.wallet.balance;
  try {
    run();
  } catch (err) {
    if (!isRefusal(err)) throw err;
    expect(snapshot(real.ww)).toBe(before);
    return false;
  }
  // A spend never takes the balance below zero (only a claw-back can).
  if (real.ww.ws.wallet.balance < balanceBefore) expect(real.ww.ws.wallet.balance).toBeGreaterThanOrEqual(0);
  return true;
}

class ScheduleCmd implements Cmd {
  readonly provider: string;
  readonly contents: string[];
  constructor(provider: string, contents: string[]) {
    this.provider = provider;
    this.contents = contents;
  }
  check = () => true;
  run(m: Model, r: Real) {
    const group = r.ww.env.ids.id('grp_');
    if (guarded(r, () => schedule(r.ww, this.provider, this.contents, group))) {
      r.groups.push(group);
      m.groups++;
    }
    checkInvariants(r.ww);
  }
  toString = () => `POST /posts {type: schedule, provider: ${this.provider}, value: ${JSON.stringify(this.contents)}}`;
}

class EditCmd implements Cmd {
  readonly pick: number;
  readonly contents: string[];
  constructor(pick: number, contents: string[]) {
    this.pick = pick;
    this.contents = contents;
  }
  check = (m: Readonly<Model>) => m.groups > 0;
  run(_m: Model, r: Real) {
    const group = r.groups[this.pick % r.groups.length]!;
    guarded(r, () => edit(r.ww, group, this.contents));
    checkInvariants(r.ww);
  }
  toString = () => `POST /posts {group: #${this.pick}, value: ${JSON.stringify(this.contents)}} (edit)`;
}

class ReleaseCmd implements Cmd {
  readonly pick: number;
  readonly reason: ReleaseReason;
  constructor(pick: number, reason: ReleaseReason) {
    this.pick = pick;
    this.reason = reason;
  }
  check = (m: Readonly<Model>) => m.groups > 0;
  run(m: Model, r: Real) {
    const i = this.pick % r.groups.length;
    const balance = r.ww.ws.wallet.balance;
    releaseGroup(r.ww, r.groups[i]!, this.reason);
    expect(r.ww.ws.wallet.balance).toBeGreaterThanOrEqual(balance);
    r.groups.splice(i, 1);
    m.groups--;
    checkInvariants(r.ww);
  }
  toString = () => `release group #${this.pick} (${this.reason})`;
}

class ReadCmd implements Cmd {
  readonly quantity: number;
  constructor(quantity: number) {
    this.quantity = quantity;
  }
  check = () => true;
  run(_m: Model, r: Real) {
    const { world, ws, env } = r.ww;
    guarded(r, () => applySettlement(world, ws, planActions(world, ws, [{ actionKey: 'x.post_read', quantity: this.quantity, reference: 'ch_payg_x' }], env), env));
    checkInvariants(r.ww);
  }
  toString = () => `GET /analytics/ch_payg_x?fresh=true (${this.quantity} reads)`;
}

class TopUpCmd implements Cmd {
  readonly credits: number;
  constructor(credits: number) {
    this.credits = credits;
  }
  check = () => true;
  run(_m: Model, r: Real) {
    const { world, ws, env } = r.ww;
    const frozen = ws.wallet.frozen;
    const before = ws.wallet.balance;
    try {
      topUp(ws, world.config, this.credits, env);
      expect(frozen).toBe(false);
      expect(ws.wallet.balance - before).toBe(Math.round(this.credits * 100));
    } catch (err) {
      expect(frozen).toBe(true);
      expect((err as DomainError).kind).toBe('invalid');
    }
    checkInvariants(r.ww);
  }
  toString = () => `POST /_mock/.../wallet/top-up {credits: ${this.credits}}`;
}

class GrantCmd implements Cmd {
  readonly credits: number;
  constructor(credits: number) {
    this.credits = credits;
  }
  check = () => true;
  run(_m: Model, r: Real) {
    grant(r.ww.ws, r.ww.world.config, this.credits, r.ww.env);
    checkInvariants(r.ww);
  }
  toString = () => `POST /_mock/.../wallet/grant {credits: ${this.credits}}`;
}

class AdjustCmd implements Cmd {
  readonly credits: number;
  constructor(credits: number) {
    this.credits = credits;
  }
  check = () => true;
  run(_m: Model, r: Real) {
    adjust(r.ww.ws, r.ww.world.config, this.credits, r.ww.env);
    if (this.credits < 0) expect(r.ww.ws.wallet.frozen).toBe(true);
    checkInvariants(r.ww);
  }
  toString = () => `POST /_mock/.../wallet/adjust {credits: ${this.credits}}`;
}

class FreezeCmd implements Cmd {
  readonly on: boolean;
  constructor(on: boolean) {
    this.on = on;
  }
  check = () => true;
  run(_m: Model, r: Real) {
    (this.on ? freeze : unfreeze)(r.ww.ws);
    checkInvariants(r.ww);
  }
  toString = () => `POST /_mock/.../wallet/${this.on ? 'freeze' : 'unfreeze'}`;
}

class AutoTopUpCmd implements Cmd {
  readonly enabled: boolean;
  readonly below: number | null;
  readonly amount: number;
  readonly limit: number | null;
  constructor(enabled: boolean, below: number | null, amount: number, limit: number | null) {
    this.enabled = enabled;
    this.below = below;
    this.amount = amount;
    this.limit = limit;
  }
  check = () => true;
  run(_m: Model, r: Real) {
    setAutoTopUp(r.ww.ws, { enabled: this.enabled, belowCredits: this.below, amount: this.amount, monthlyLimit: this.limit });
  }
  toString = () => `PUT /_mock/.../wallet/auto-top-up ${JSON.stringify(this)}`;
}

class AdvanceCmd implements Cmd {
  readonly days: number;
  constructor(days: number) {
    this.days = days;
  }
  check = () => true;
  run(_m: Model, r: Real) {
    r.ww.clock.advance(this.days * 86_400_000);
  }
  toString = () => `POST /_mock/clock {advanceSeconds: ${this.days * 86400}}`;
}

class PlanCmd implements Cmd {
  readonly plan: 'free' | 'paid';
  constructor(plan: 'free' | 'paid') {
    this.plan = plan;
  }
  check = () => true;
  run(_m: Model, r: Real) {
    r.ww.ws.plan = this.plan;
    checkInvariants(r.ww);
  }
  toString = () => `PUT /_mock/.../plan {plan: ${this.plan}}`;
}

const commands = [
  fc.tuple(providerArb, contentsArb).map(([p, c]) => new ScheduleCmd(p, c) as Cmd),
  fc.tuple(providerArb, contentsArb).map(([p, c]) => new ScheduleCmd(p, c) as Cmd),
  fc.tuple(fc.nat(), contentsArb).map(([i, c]) => new EditCmd(i, c) as Cmd),
  fc.tuple(fc.nat(), reasonArb).map(([i, why]) => new ReleaseCmd(i, why) as Cmd),
  fc.integer({ min: 1, max: 400 }).map((q) => new ReadCmd(q) as Cmd),
  creditsArb.map((c) => new TopUpCmd(c) as Cmd),
  creditsArb.map((c) => new GrantCmd(c) as Cmd),
  fc.integer({ min: -20000, max: 20000 }).filter((c) => c !== 0).map((c) => new AdjustCmd(c / 100) as Cmd),
  fc.boolean().map((on) => new FreezeCmd(on) as Cmd),
  fc
    .tuple(fc.boolean(), fc.option(fc.integer({ min: 0, max: 600 })), fc.integer({ min: 1, max: 2000 }), fc.option(fc.integer({ min: 0, max: 5000 })))
    .map(([e, b, a, l]) => new AutoTopUpCmd(e, b, a, l) as Cmd),
  fc.integer({ min: 1, max: 40 }).map((d) => new AdvanceCmd(d) as Cmd),
  fc.constantFrom<'free' | 'paid'>('free', 'paid').map((p) => new PlanCmd(p) as Cmd),
];

describe('wallet properties', () => {
  it('the balance equals the sum of the ledger after any sequence of operations (and a 402 changes nothing, spends never go below zero)', () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 40 }), (cmds) => {
        const setup = () => ({ model: { groups: 0 }, real: { ww: walletWorld(7), groups: [] as string[] } });
        fc.modelRun(setup, cmds);
      }),
      { numRuns: 150 },
    );
  });

  it('a charge and its refund net to zero', () => {
    fc.assert(
      fc.property(fc.array(contentsArb, { minLength: 1, maxLength: 4 }), reasonArb, (groups, reason) => {
        const ww = walletWorld(3);
        grant(ww.ws, ww.world.config, 2000, ww.env);
        const start = ww.ws.wallet.balance;
        const scheduled = groups.map((contents) => schedule(ww, 'x', contents)[0]!.group);
        for (const g of scheduled) releaseGroup(ww, g, reason);
        expect(ww.ws.wallet.balance).toBe(start);
        const spends = ww.ws.wallet.ledger.filter((t) => t.type === 'SPEND' || t.type === 'REFUND');
        expect(spends.reduce((s, t) => s + t.cents, 0)).toBe(0);
        expect(ww.ws.wallet.paid.size).toBe(0);
      }),
    );
  });

  it('a draft never costs: saving, editing and moving back to drafts leaves the balance where it started', () => {
    fc.assert(
      fc.property(contentsArb, fc.array(contentsArb, { maxLength: 3 }), (first, edits) => {
        const ww = walletWorld(4);
        const start = ww.ws.wallet.balance;
        // A draft is stored and never priced: planSettlement gets nothing to pay.
        const draft = planSettlement(ww.world, ww.ws, [], [], ww.env);
        applySettlement(ww.world, ww.ws, draft, ww.env);
        expect(draft.dueCents).toBe(0);
        const rows = schedule(ww, 'x', first);
        for (const contents of edits) edit(ww, rows[0]!.group, contents);
        releaseGroup(ww, rows[0]!.group, 'moved back to drafts');
        expect(ww.ws.wallet.balance).toBe(start);
        expect([...ww.ws.posts.rows.values()].every((r) => paidFor(ww.ws, r.id) === 0)).toBe(true);
      }),
    );
  });

  it('a 402 leaves the ledger and the posts unchanged', () => {
    let refusedTotal = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6000 }), fc.array(contentsArb, { minLength: 1, maxLength: 6 }), (spendFirst, groups) => {
        const ww = walletWorld(5);
        adjust(ww.ws, ww.world.config, 0.01, ww.env);
        // Spend most of the balance first so that later schedules hit the edge.
        applySettlement(ww.world, ww.ws, planActions(ww.world, ww.ws, [{ actionKey: 'x.post_read', quantity: Math.min(spendFirst, 700) }], ww.env), ww.env);
        let refused = 0;
        for (const contents of groups) {
          const before = snapshot(ww);
          try {
            schedule(ww, 'x', contents);
          } catch (err) {
            if (!isRefusal(err)) throw err;
            refused++;
            expect(snapshot(ww)).toBe(before);
          }
        }
        refusedTotal += refused;
        checkInvariants(ww);
      }),
    );
    // The runs must have reached the edge, or the property said nothing.
    expect(refusedTotal).toBeGreaterThan(0);
  });

  it('the estimate equals the charge, to the hundredth', () => {
    fc.assert(
      fc.property(
        fc.option(contentsArb, { nil: undefined }),
        contentsArb,
        providerArb,
        fc.integer({ min: -52000, max: 2000 }),
        fc.option(fc.tuple(fc.option(fc.integer({ min: 0, max: 600 })), fc.integer({ min: 1, max: 3000 }), fc.option(fc.integer({ min: 0, max: 6000 })))),
        (existing, contents, provider, shift, auto) => {
          const ww = walletWorld(6);
          const { world, ws, env } = ww;
          const group = existing ? schedule(ww, provider, existing)[0]!.group : undefined;
          // Move the balance anywhere from about zero to well above the price.
          if (shift > 0) grant(ws, world.config, shift / 100, env);
          if (shift < 0 && ws.wallet.balance + shift >= 0) {
            applySettlement(world, ws, planActions(world, ws, [{ actionKey: 'x.post_read', quantity: Math.floor(-shift / 75) }], env), env);
          }
          if (auto) setAutoTopUp(ws, { enabled: true, belowCredits: auto[0], amount: auto[1], monthlyLimit: auto[2] });

          const e = estimate(world, ws, { provider, contents, ...(group ? { group } : {}) }, env, 'http://mock.test/wallet');
          if (!('charged' in e)) throw new Error('expected an estimate');
          const before = ws.wallet.ledger.length;
          const balance = ws.wallet.balance;
          let refused = false;
          try {
            if (group) edit(ww, group, contents);
            else schedule(ww, provider, contents);
          } catch (err) {
            if (!isRefusal(err)) throw err;
            refused = true;
          }
          expect(refused).toBe(e.short);
          if (refused) return;
          const added = ws.wallet.ledger.slice(before);
          const topUps = added.filter((t) => t.type === 'AUTO_TOPUP').reduce((s, t) => s + t.cents, 0);
          const net = added.filter((t) => t.type !== 'AUTO_TOPUP').reduce((s, t) => s + t.cents, 0);
          expect(-net / 100 + 0).toBe(e.dueCredits + 0);
          expect(Math.round((e.priceCredits - e.alreadyPaidCredits) * 100)).toBe(Math.round(e.dueCredits * 100));
          expect(ws.wallet.balance - topUps).toBe(Math.round(e.balanceAfterCredits * 100));
          if (e.autoTopUpCovers) expect(topUps).toBeGreaterThan(0);
          expect(balance - e.dueCredits * 100 < 0).toBe(e.autoTopUpCovers);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('concurrent schedules never spend credits that are not there', () => {
    fc.assert(
      fc.property(fc.array(contentsArb, { minLength: 2, maxLength: 25 }), (requests) => {
        const ww = walletWorld(8);
        const { world, ws, env } = ww;
        // Every request is planned against the same wallet before any is applied, as interleaved requests would be.
        const planned: Array<Settlement | null> = requests.map((contents, n) => {
          try {
            return planSettlement(world, ws, contents.map((content, i) => ({ postId: `post_c${n}_${i}`, group: `g${n}`, provider: 'x', content })), [], env);
          } catch (err) {
            if (!isRefusal(err)) throw err;
            return null;
          }
        });
        let accepted = 0;
        for (const s of planned) {
          if (!s) continue;
          try {
            applySettlement(world, ws, s, env);
            accepted += s.dueCents;
          } catch (err) {
            if (!isRefusal(err)) throw err;
          }
          expect(ws.wallet.balance).toBeGreaterThanOrEqual(0);
        }
        expect(accepted).toBeLessThanOrEqual(52500);
        expect(ws.wallet.balance).toBe(ledgerSum(ws));
      }),
    );
  });
});
