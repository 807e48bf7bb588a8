// `POST /wallet/estimate`: prices a post as it will be saved with the same computation scheduling charges with (reference 2.8, 4.5).
import { quoteSettlement, type BillableItem, type ReleaseReason } from './billing.ts';
import { fromCents, sumCents } from './money.ts';
import type { PostRow } from './posts.ts';
import { NOT_ON_WALLET } from './wallet.ts';
import { isChargedProvider, postActionKey, unitPrice } from './wallet-pricing.ts';
import type { Env, Workspace, World } from './world.ts';

export interface EstimateInput {
  provider: string;
  contents: string[];
  group?: string;
  inter?: number;
}

/**
 * The group's items on the provider's channel, in `value` order: contents[i] replaces the i-th item, the way an edit
 * that keeps the `value[].id`s in order does. Mock decision: when the group has items on several channels of that
 * provider, the first channel's (by id) are used.
 */
function groupItems(ws: Workspace, provider: string, group: string | undefined): PostRow[] {
  if (group === undefined) return [];
  const channels = new Set(ws.channels.filter((c) => c.identifier === provider).map((c) => c.id));
  const rows = [...ws.posts.rows.values()].filter((r) => r.group === group && channels.has(r.channelId));
  if (rows.length === 0) return [];
  const first = rows.map((r) => r.channelId).sort()[0];
  return rows.filter((r) => r.channelId === first).sort((a, b) => a.index - b.index);
}

/** The estimate; `topUpUrl` is the wallet page, absolute (the edge knows the app's origin). */
export function estimate(world: World, ws: Workspace, input: EstimateInput, env: Env, topUpUrl: string) {
  if (ws.plan === 'paid') return NOT_ON_WALLET;
  const all = groupItems(ws, input.provider, input.group);
  const group = input.group ?? 'estimate';
  // Items already sent are never touched: their positions are neither priced nor given back.
  const pay: BillableItem[] = input.contents.flatMap((content, i) =>
    all[i]?.state === 'PUBLISHED' ? [] : [{ postId: all[i]?.id ?? `estimate:${i}`, group, provider: input.provider, content }],
  );
  const existing = all.filter((r) => r.state !== 'PUBLISHED');
  const release: Array<{ postId: string; reason: ReleaseReason }> = all
    .slice(input.contents.length)
    .filter((r) => r.state !== 'PUBLISHED')
    .map((r) => ({ postId: r.id, reason: 'edited' }));
  const quote = quoteSettlement(world, ws, pay, release, env);

  // The price of the post as it will stand: an unchanged item keeps what it paid, any other item costs the list price.
  const items = pay.flatMap((item) => {
    const actionKey = postActionKey(world, input.provider, item.content);
    if (actionKey === null) return [];
    const rec = ws.wallet.paid.get(item.postId);
    const cents = rec && rec.actionKey === actionKey && rec.quantity === 1 ? rec.cents : unitPrice(world, actionKey);
    return [{ actionKey, cents }];
  });
  const priceCents = sumCents(items.map((i) => i.cents));
  const alreadyPaidCents = sumCents(existing.map((r) => ws.wallet.paid.get(r.id)?.cents ?? 0));
  const dueCents = quote.settlement.dueCents;
  return {
    usesWallet: true as const,
    charged: isChargedProvider(world, input.provider),
    priceCredits: fromCents(priceCents),
    alreadyPaidCredits: fromCents(alreadyPaidCents),
    dueCredits: fromCents(dueCents),
    balanceAfterCredits: fromCents(ws.wallet.balance - dueCents),
    short: !quote.covered,
    autoTopUpCovers: quote.covered && quote.autoTopUpCovers,
    perOccurrence: (input.inter ?? 0) > 0,
    items: items.map((i) => ({ actionKey: i.actionKey, credits: fromCents(i.cents) })),
    topUpUrl,
  };
}
