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
 * The group's unsent items on the provider, in `value` order: these are what the edit replaces, item for item.
 * Mock decision: when the group has several channels of that provider, the first one's items (by channel id) are used.
 */
function editedItems(ws: Workspace, provider: string, group: string | undefined): PostRow[] {
  if (group === undefined) return [];
  const channels = new Set(ws.channels.filter((c) => c.identifier === provider).map((c) => c.id));
  const rows = [...ws.posts.rows.values()].filter((r) => r.group === group && channels.has(r.channelId));
  if (rows.length === 0) return [];
  const first = rows.map((r) => r.channelId).sort()[0];
  return rows.filter((r) => r.channelId === first && r.state !== 'PUBLISHED').sort((a, b) => a.index - b.index);
}

/** The estimate; `topUpUrl` is the wallet page, absolute (the edge knows the app's origin). */
export function estimate(world: World, ws: Workspace, input: EstimateInput, env: Env, topUpUrl: string) {
  if (ws.plan === 'paid') return NOT_ON_WALLET;
  const existing = editedItems(ws, input.provider, input.group);
  const group = input.group ?? 'estimate';
  const pay: BillableItem[] = input.contents.map((content, i) => ({
    postId: existing[i]?.id ?? `estimate:${i}`,
    group,
    provider: input.provider,
    content,
  }));
  const release: Array<{ postId: string; reason: ReleaseReason }> = existing
    .slice(input.contents.length)
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
