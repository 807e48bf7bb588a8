// The fault catalogue, The wallet (sections 2.8, 3, 4.5, 8): each fault a realistic deviation from the contract and the checks that catch it.
import type { OperationHandler } from '../pipeline.ts';
import { type FaultDefinition, takeBack, duringRequest, nowIn, onOk, undoRefundsNow, shiftForecast, afterTick, workspaceOf, remember, isSpend, around, aroundBody, segmentAt } from './helpers.ts';
import { DomainError, walletRefusal } from '../../domain/errors.ts';
import { settingsValidator } from '../routes/posts.ts';
import { findChannel, providerInfo } from '../../domain/world.ts';
import { createPosts, updateRow } from '../../domain/posts.ts';
import { postActionKey, priceItem, priceListView, unitPrice } from '../../domain/wallet-pricing.ts';

/** The wallet faults, in the catalogue's order. */
export const WALLET: FaultDefinition[] = [
  {
    name: 'double-charge',
    area: 'wallet',
    description: 'Scheduling a priced post charges every item twice.',
    caughtBy: ['estimate_equals_charge', 'billing_holds_in_every_wallet_state'],
    operations: ['createPosts', 'changePostStatus'],
    override: onOk((state, _, ws, info) => {
      for (const t of ws.wallet.ledger.filter((t: any) => isSpend(t) && duringRequest(state, ws, info, t.createdAt) && !t.id.endsWith('_again'))) {
        if (ws.wallet.ledger.some((x: any) => x.id === `${t.id}_again`)) continue;
        ws.wallet.ledger.push({ ...t, id: `${t.id}_again` });
        ws.wallet.balance += t.cents;
      }
      return undefined;
    }),
  },
  {
    name: 'estimate-records-a-spend',
    area: 'wallet',
    description: 'POST /wallet/estimate takes what it prices: the estimate goes through the charging path and records a SPEND of its dueCredits, though the reference says "Nothing is charged".',
    caughtBy: ['estimate_equals_charge'],
    operations: ['estimateWalletCharge'],
    override: onOk((state, r, ws) => {
      const due = Math.round(Number(r.body?.dueCredits ?? 0) * 100);
      if (r.body?.usesWallet !== true || !(due > 0)) return undefined;
      const n = ws.wallet.ledger.length;
      ws.wallet.ledger.push({ id: `tx_estimate_${n}`, type: 'SPEND', description: 'Estimate', cents: -due, quantity: 1, actionKey: r.body.items?.[0]?.actionKey ?? null, reference: null, receiptUrl: null, createdAt: nowIn(state, ws) });
      ws.wallet.balance -= due;
      return undefined;
    }),
  },
  {
    name: 'missing-refund',
    area: 'wallet',
    description: 'Deleting a scheduled post or moving it back to draft gives no credits back.',
    caughtBy: ['refund_undoes_charge', 'billing_holds_in_every_wallet_state'],
    operations: ['deletePost', 'deletePostGroup', 'changePostStatus'],
    override: undoRefundsNow,
  },
  {
    name: 'rescheduled-draft-free',
    area: 'wallet',
    description: 'A post refunded by a move back to draft and then scheduled again is not charged again.',
    caughtBy: ['charged_again_after_refund'],
    operations: ['changePostStatus'],
    override: onOk((state, _, ws, info) => {
      const postId = segmentAt(info.request.url, -2);
      if (!ws.wallet.ledger.some((t: any) => t.type === 'REFUND' && t.reference === postId)) return undefined;
      takeBack(ws, (t) => isSpend(t) && t.reference === postId && duringRequest(state, ws, info, t.createdAt));
      return undefined;
    }),
  },
  {
    name: 'estimate-group-ignored',
    area: 'wallet',
    description: 'POST /wallet/estimate with `group` prices the post as new: what the group already paid is neither reported nor counted toward the new price.',
    caughtBy: ['estimate_counts_group_paid'],
    operations: ['estimateWalletCharge'],
    override: () => (r) => {
      const e = r.body;
      if (r.status !== 200 || typeof e?.alreadyPaidCredits !== 'number' || e.alreadyPaidCredits === 0) return undefined;
      const due = e.priceCredits;
      return { ...r, body: { ...e, alreadyPaidCredits: 0, dueCredits: due, balanceAfterCredits: Math.round((e.balanceAfterCredits + e.dueCredits - due) * 100) / 100 } };
    },
  },
  {
    name: 'estimate-prices-two-occurrences',
    area: 'wallet',
    description: 'POST /wallet/estimate with `inter` prices this occurrence and the next together (priceCredits and dueCredits doubled) while it says perOccurrence: true, where the price of a repeating post is per occurrence.',
    caughtBy: ['estimate_counts_group_paid'],
    operations: ['estimateWalletCharge'],
    override: () => (r) => {
      const e = r.body;
      if (r.status !== 200 || e?.perOccurrence !== true || !(e.priceCredits > 0)) return undefined;
      const round = (n: number) => Math.round(n * 100) / 100;
      const price = round(e.priceCredits * 2);
      const due = round(price - e.alreadyPaidCredits);
      return { ...r, body: { ...e, priceCredits: price, dueCredits: due, balanceAfterCredits: round(e.balanceAfterCredits + e.dueCredits - due) } };
    },
  },
  {
    name: 'disconnect-keeps-credits',
    area: 'wallet',
    description: 'DELETE /integrations/{id} deletes the channel\'s scheduled posts but keeps what they paid: no refund.',
    caughtBy: ['sent_parts_kept_unsent_refunded'],
    operations: ['deleteIntegration'],
    override: undoRefundsNow,
  },
  {
    name: 'exact-balance-short',
    area: 'wallet',
    description: 'POST /wallet/estimate says short when the balance equals exactly what is due (a <= where a < belongs), though scheduling is then accepted.',
    caughtBy: ['exact_balance_covers'],
    operations: ['estimateWalletCharge'],
    override: () => (r) => (r.status === 200 && r.body?.balanceAfterCredits === 0 && r.body?.dueCredits > 0 ? { ...r, body: { ...r.body, short: true } } : undefined),
  },
  {
    name: 'free-plan-needs-top-up',
    area: 'wallet',
    description: 'A free workspace that never topped up is refused (402) any scheduled or immediate post, on channels the price list does not list too.',
    caughtBy: ['unlisted_channels_free'],
    handlers: {
      createPosts: (inner) => aroundBody(inner, (ctx, handle) => {
        if (ctx.body.type !== 'draft' && ctx.ws.plan === 'free' && !ctx.ws.wallet.toppedUp) throw walletRefusal('Top up your wallet to schedule posts.');
        return handle(ctx);
      }),
    },
  },
  {
    name: 'forecast-counts-paid',
    area: 'wallet',
    description: 'GET /wallet forecasts every queued priced item due in the window, those already paid at scheduling too.',
    caughtBy: ['forecast_skips_paid_posts'],
    operations: ['getWallet'],
    override: shiftForecast((_, ws, row) => ws.wallet.paid.get(row.id)?.cents ?? 0),
  },
  {
    name: 'forecast-skips-repeating',
    area: 'wallet',
    description: "GET /wallet's forecast leaves out the next occurrences of repeating posts: only posts queued before charging moved to scheduling time are counted.",
    caughtBy: ['forecast_counts_repeating_posts'],
    operations: ['getWallet'],
    override: shiftForecast((state, ws, row) => {
      const provider = findChannel(ws, row.channelId)?.identifier;
      const key = provider && (row.inter ?? 0) > 0 ? postActionKey(state.world, provider, row.template ?? row.content) : null;
      return key ? -unitPrice(state.world, key) : 0;
    }),
  },
  {
    name: 'prices-filter-ignored',
    area: 'wallet',
    description: 'GET /wallet/prices?provider=<p> gives the whole price list, every provider\'s rows.',
    caughtBy: ['price_list_provider_filter'],
    operations: ['getWalletPrices'],
    override: onOk((state, r, _, { request }) =>
      new URL(request.url).searchParams.has('provider') ? { ...r, body: priceListView(state.world, r.body?.topUpUrl) } : undefined,
    ),
  },
  {
    name: 'storage-refunded-on-delete',
    area: 'wallet',
    description: 'Deleting a media file gives back the storage its upload paid for (a REFUND of the storage SPEND), which the reference says it does not.',
    caughtBy: ['storage_paid_at_upload'],
    operations: ['deleteMedia'],
    override: onOk((state, _, ws, { request }) => {
      const mediaId = segmentAt(request.url, -1);
      const ledger: any[] = ws.wallet.ledger;
      for (const t of ledger.filter((t) => isSpend(t) && t.actionKey === 'storage.gb' && t.reference === mediaId)) {
        if (ledger.some((x) => x.id === `${t.id}_back`)) continue;
        ledger.push({ ...t, id: `${t.id}_back`, type: 'REFUND', cents: -t.cents, description: 'Refund: Media storage, deleted', createdAt: nowIn(state, ws) });
        ws.wallet.balance -= t.cents;
      }
      return undefined;
    }),
  },
  {
    name: 'frozen-still-pay-as-you-go',
    area: 'wallet',
    description: 'GET /wallet says payAsYouGo: true while the wallet is frozen.',
    caughtBy: ['frozen_wallet'],
    operations: ['getWallet'],
    override: () => (r) => (r.status === 200 && r.body?.frozen === true && r.body.payAsYouGo === false ? { ...r, body: { ...r.body, payAsYouGo: true } } : undefined),
  },
  {
    name: 'auto-top-up-unlisted',
    area: 'wallet',
    description: 'GET /wallet/transactions leaves out AUTO_TOPUP transactions, so the balance is more than the listed transactions account for.',
    caughtBy: ['auto_top_up_covers'],
    operations: ['listWalletTransactions'],
    override: () => (r) => (r.status === 200 && Array.isArray(r.body?.items) && r.body.items.some((t: any) => t.type === 'AUTO_TOPUP') ? { ...r, body: { ...r.body, items: r.body.items.filter((t: any) => t.type !== 'AUTO_TOPUP') } } : undefined),
  },
  {
    name: 'transactions-endless-pages',
    area: 'wallet',
    description: 'GET /wallet/transactions always gives a nextPage, the last page too, so a client paging through never stops.',
    caughtBy: ['wallet_transactions_paging'],
    operations: ['listWalletTransactions'],
    override: () => (r) => (r.status === 200 && r.body?.nextPage === null && typeof r.body.page === 'number' ? { ...r, body: { ...r.body, nextPage: r.body.page + 1 } } : undefined),
  },
  {
    name: 'transactions-default-size-50',
    area: 'wallet',
    description: 'GET /wallet/transactions asked for no `size` pages 50 at a time (and says `size: 50`), not by the documented default 20.',
    caughtBy: ['transactions_default_page_size'],
    operations: ['listWalletTransactions'],
    request: (request) => {
      const url = new URL(request.url);
      if (request.method !== 'GET' || !url.pathname.endsWith('/wallet/transactions') || url.searchParams.has('size')) return request;
      url.searchParams.set('size', '50');
      return new Request(url, request);
    },
  },
  {
    name: 'failed-send-keeps-credits',
    area: 'wallet',
    description: 'A scheduled post whose send fails keeps the credits it took: no refund.',
    caughtBy: ['failed_send_refunds'],
    install: afterTick((state, result) => {
      for (const id of result.failed) {
        for (const ws of state.world.workspaces.values()) {
          takeBack(ws, (t) => t.type === 'REFUND' && t.reference === id);
        }
      }
    }),
  },
  {
    name: 'failed-thread-refunds-sent-items',
    area: 'wallet',
    description: 'A thread whose channel fails after its first items went out gives back what every item paid, the items already sent too.',
    caughtBy: ['failed_send_refunds'],
    install: afterTick((state, result) => {
      const done = new Set<string>();
      for (const id of result.failed) {
        for (const ws of state.world.workspaces.values()) {
          const row = ws.posts.rows.get(id);
          if (!row || done.has(row.group)) continue;
          done.add(row.group);
          const sent = [...ws.posts.rows.values()].filter((r) => r.group === row.group && r.channelId === row.channelId && r.state === 'PUBLISHED').map((r) => r.id);
          const ledger: any[] = ws.wallet.ledger;
          for (const t of ledger.filter((t) => t.type === 'SPEND' && sent.includes(t.reference))) {
            ledger.push({ ...t, id: `${t.id}r`, type: 'REFUND', cents: -t.cents, description: 'Refund: the send failed', createdAt: nowIn(state, ws) });
            ws.wallet.balance -= t.cents;
          }
        }
      }
    }),
  },
  {
    name: 'frozen-wallet-keeps-refunds',
    area: 'wallet',
    description: 'While the wallet is frozen, moving a paid post to draft or deleting it gives nothing back: the refund goes through the same gate as a charge, which a freeze shuts.',
    caughtBy: ['frozen_wallet', 'billing_holds_in_every_wallet_state'],
    operations: ['deletePost', 'deletePostGroup', 'changePostStatus'],
    override: (state) => {
      const undo = undoRefundsNow(state);
      return (r, info) => (workspaceOf(state, info.request)?.wallet.frozen ? undo(r, info) : undefined);
    },
  },
  {
    name: 'repeating-post-uncharged',
    area: 'wallet',
    description: 'A repeating post (`inter`) on a charged channel is scheduled without a charge: the price is taken per occurrence at publication only, not when the post is scheduled as for any other.',
    caughtBy: ['estimate_equals_charge', 'billing_holds_in_every_wallet_state'],
    handlers: {
      createPosts: (inner) =>
        aroundBody(inner, async (ctx, handle) => {
          if (!(Number(ctx.body?.inter) > 0)) return handle(ctx);
          const before = new Set(ctx.ws.wallet.ledger);
          const out = await handle(ctx);
          takeBack(ctx.ws, (t) => !before.has(t) && isSpend(t));
          return out;
        }),
    },
  },
  {
    name: 'frozen-wallet-schedules-drafts',
    area: 'wallet',
    description: 'PUT /posts/<id>/status puts a draft on the schedule, and charges it, while the wallet is frozen: the freeze is checked when a post is made, not when a draft moves.',
    caughtBy: ['frozen_wallet', 'billing_holds_in_every_wallet_state'],
    handlers: {
      changePostStatus: (inner) => ({
        ...inner,
        handle: async (ctx) => {
          const wallet = ctx.ws.wallet;
          if (!wallet.frozen || ctx.body?.status !== 'schedule') return inner.handle(ctx);
          wallet.frozen = false;
          try {
            return await inner.handle(ctx);
          } finally {
            wallet.frozen = true;
          }
        },
      }),
    },
  },
  {
    name: 'auto-top-up-limit-ignored',
    area: 'wallet',
    description: 'Automatic top-up fires past its monthly limit: the limit is shown but not enforced.',
    caughtBy: ['auto_top_up_covers'],
    operations: ['setAutoTopUp', 'getWallet'],
    override: (state) => (r, { operationId, request }) => {
      const mem = remember(state.world);
      if (operationId === 'setAutoTopUp' && r.status === 200) {
        const wsId = segmentAt(request.url, -3);
        const ws = state.world.workspaces.get(wsId);
        if (ws) {
          mem.set(`limit:${wsId}`, ws.wallet.autoTopUp.monthlyLimit);
          ws.wallet.autoTopUp.monthlyLimit = null;
        }
        return undefined;
      }
      const ws = workspaceOf(state, request);
      if (operationId !== 'getWallet' || r.status !== 200 || !ws || !mem.has(`limit:${ws.id}`) || !r.body?.autoTopUp) return undefined;
      return { ...r, body: { ...r.body, autoTopUp: { ...r.body.autoTopUp, monthlyLimit: mem.get(`limit:${ws.id}`) } } };
    },
  },
  {
    name: 'ledger-drift',
    area: 'wallet',
    description: 'GET /wallet reports a balance one credit above the sum of the transactions.',
    caughtBy: ['ledger_balance_equals_transactions'],
    operations: ['getWallet'],
    override: () => (r) => (r.status === 200 && typeof r.body?.balance === 'number' ? { ...r, body: { ...r.body, balance: Math.round((r.body.balance + 1) * 100) / 100 } } : undefined),
  },
  {
    name: 'estimate-off-by-one',
    area: 'wallet',
    description: 'POST /wallet/estimate prices one item fewer than the post has.',
    caughtBy: ['estimate_equals_charge', 'billing_holds_in_every_wallet_state'],
    operations: ['estimateWalletCharge'],
    override: () => (r) => {
      if (r.status !== 200 || !Array.isArray(r.body?.items) || r.body.items.length === 0) return undefined;
      const last = r.body.items[r.body.items.length - 1].credits as number;
      const round = (n: number) => Math.round(n * 100) / 100;
      return { ...r, body: { ...r.body, items: r.body.items.slice(0, -1), priceCredits: round(r.body.priceCredits - last), dueCredits: round(r.body.dueCredits - last), balanceAfterCredits: round(r.body.balanceAfterCredits + last) } };
    },
  },
  {
    name: 'draft-charged',
    area: 'wallet',
    description: 'Saving a draft on a channel whose provider is `x` takes credits (x.post per post) as if scheduled.',
    caughtBy: ['draft_costs_nothing', 'billing_holds_in_every_wallet_state'],
    operations: ['createPosts'],
    override: onOk((state, r, ws, info) => {
      if (!ws.wallet.toppedUp || !Array.isArray(r.body)) return undefined;
      if (ws.wallet.ledger.some((t: any) => duringRequest(state, ws, info, t.createdAt) && isSpend(t))) return undefined; // scheduled: already charged
      for (const created of r.body as Array<{ postId: string; integration: string }>) {
        const channel = ws.channels.find((c) => c.id === created.integration);
        // A provider the price list charges per post (x.post).
        const price = channel && priceItem(state.world, `${channel.identifier}.post`);
        if (!price) continue;
        const cents = -Math.round(price.credits * 100);
        ws.wallet.ledger.push({ id: `tx_draft_${created.postId}`, type: 'SPEND', description: `Post on ${providerInfo(state.world, channel.identifier).label}`, cents, quantity: 1, actionKey: price.key, reference: created.postId, receiptUrl: null, createdAt: nowIn(state, ws) } as any);
        ws.wallet.balance += cents;
      }
      return undefined;
    }),
  },
  {
    name: 'refusal-still-saves',
    area: 'wallet',
    description: 'A POST /posts refused with 402 still saves the posts (as drafts).',
    caughtBy: ['refusal_saves_nothing', 'billing_holds_in_every_wallet_state'],
    handlers: {
      createPosts: (inner) => aroundBody(inner, async (ctx, handle) => {
        try {
          return await handle(ctx);
        } catch (err) {
          if (err instanceof DomainError && err.kind === 'wallet_refusal') createPosts(ctx.world, ctx.ws, { ...ctx.body, type: 'draft' }, settingsValidator(ctx), ctx.env);
          throw err;
        }
      }),
    },
  },
  {
    name: 'status-schedule-uncharged',
    area: 'wallet',
    description: 'PUT /posts/{id}/status `schedule` on a wallet that cannot cover the draft puts it on the schedule anyway, uncharged, instead of answering 402.',
    caughtBy: ['refusal_saves_nothing', 'billing_holds_in_every_wallet_state'],
    operations: ['changePostStatus'],
    override: (state) => (r, { request }) => {
      const ws = workspaceOf(state, request);
      const row = ws?.posts.rows.get(segmentAt(request.url, -2));
      if (r.status !== 402 || !row) return undefined;
      updateRow(row, { state: 'QUEUE' });
      return { status: 200, headers: r.headers, body: { id: row.id, state: row.state } };
    },
  },
  {
    name: 'auto-top-up-never-renews',
    area: 'wallet',
    description: 'Automatic top-up\'s monthly allowance never renews: top-ups of earlier months count as this month\'s, so once the limit is reached a post automatic top-up would cover is refused with 402 in every month after.',
    caughtBy: ['auto_top_up_allowance_renews_monthly'],
    handlers: Object.fromEntries(
      ['createPosts', 'changePostStatus', 'estimateWalletCharge', 'getWallet'].map((op) => [
        op,
        (inner: OperationHandler) =>
          around(inner, async (ctx, handle) => {
            // For the request only, every earlier AUTO_TOPUP is dated at the start of this month.
            const d = new Date(ctx.now);
            const monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
            const moved = ctx.ws.wallet.ledger.filter((t) => t.type === 'AUTO_TOPUP' && t.createdAt < monthStart).map((t) => [t, t.createdAt] as const);
            for (const [t] of moved) t.createdAt = monthStart;
            try {
              return await handle(ctx);
            } finally {
              for (const [t, at] of moved) t.createdAt = at;
            }
          }),
      ]),
    ),
  },
  {
    name: 'balance-as-text',
    area: 'wallet',
    description: 'GET /wallet answers `balance` as a decimal string with two places ("525.00"), as a money column is serialized, where section 2.8 types it a number.',
    caughtBy: ['response_schema_conformance', 'ledger_balance_equals_transactions'],
    operations: ['getWallet'],
    override: onOk((_, r) => (typeof r.body?.balance === 'number' ? { ...r, body: { ...r.body, balance: r.body.balance.toFixed(2) } } : undefined)),
  },
  {
    name: 'not-on-wallet-unflagged',
    area: 'wallet',
    description: 'GET /wallet on a paid plan answers `{message}` alone, without `usesWallet: false`: a client cannot tell it from a wallet answer with its fields missing.',
    caughtBy: ['documented_variant_meaning', 'response_schema_conformance'],
    operations: ['getWallet'],
    override: onOk((_, r) => (r.body?.usesWallet === false ? { ...r, body: { message: r.body.message } } : undefined)),
  },
  {
    name: 'paid-transactions-items-null',
    area: 'wallet',
    description: 'GET /wallet/transactions on a paid plan answers `items: null` (there is no ledger to list), where section 2.8 gives NotOnWallet plus `total` and `items` as an empty array.',
    caughtBy: ['response_schema_conformance'],
    operations: ['listWalletTransactions'],
    override: onOk((_, r) => (r.body?.usesWallet === false ? { ...r, body: { ...r.body, items: null } } : undefined)),
  },
  {
    name: 'estimate-always-charged',
    area: 'wallet',
    description: 'POST /wallet/estimate answers `charged: true` whatever the provider, a price of 0 too, where section 2.8 has it false when the provider is not charged per post.',
    caughtBy: ['unlisted_channels_free'],
    operations: ['estimateWalletCharge'],
    override: onOk((_, r) => (r.body?.charged === false ? { ...r, body: { ...r.body, charged: true } } : undefined)),
  },
  {
    name: 'estimate-per-occurrence-ignored',
    area: 'wallet',
    description: 'POST /wallet/estimate answers `perOccurrence: false` for a repeating post too (`inter` > 0): the flag is never set.',
    caughtBy: ['estimate_counts_group_paid'],
    operations: ['estimateWalletCharge'],
    override: onOk((_, r) => (r.body?.perOccurrence === true ? { ...r, body: { ...r.body, perOccurrence: false } } : undefined)),
  },
  {
    name: 'uses-wallet-only-when-false',
    area: 'wallet',
    description: 'GET /wallet sends `usesWallet` only when it is false (a paid plan): the summary of a workspace on the wallet leaves it out, where section 2.8 gives it as required, always true.',
    caughtBy: ['documented_variant_meaning', 'response_schema_conformance', 'ledger_balance_equals_transactions'],
    operations: ['getWallet'],
    override: onOk((_, r) => {
      if (r.body?.usesWallet !== true) return undefined;
      const { usesWallet: _flag, ...rest } = r.body;
      return { ...r, body: rest };
    }),
  },
];
