// `GET /wallet`: the summary with auto top-up settings and the forecast of paid usage in the next hours (reference 2.8).
import { isPayAsYouGo, paidFor, planAutoTopUp } from './billing.ts';
import { fromCents, type Cents } from './money.ts';
import { NOT_ON_WALLET, autoTopUpView } from './wallet.ts';
import { postActionKey, unitPrice } from './wallet-pricing.ts';
import type { Env, Workspace, World } from './world.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Credits the next `windowHours` will need: queued items due in the window that have not been charged, and the next
 * occurrence of each repeating item when it falls in the window (field notes: production's window is 48 hours).
 */
export function forecastCents(world: World, ws: Workspace, now: number): Cents {
  const end = now + world.config.forecastWindowHours * HOUR_MS;
  const providers = new Map(ws.channels.map((c) => [c.id, c.identifier]));
  let needed = 0;
  for (const row of ws.posts.rows.values()) {
    if (row.state !== 'QUEUE' && row.state !== 'PUBLISHED') continue;
    const provider = providers.get(row.channelId);
    if (provider === undefined) continue;
    const actionKey = postActionKey(world, provider, row.content);
    if (actionKey === null) continue;
    const price = unitPrice(world, actionKey);
    if (row.state === 'QUEUE' && row.publishAt >= now && row.publishAt <= end && paidFor(ws, row.id) === 0) needed += price;
    if (row.inter !== null && row.inter > 0) {
      const step = row.inter * DAY_MS;
      // The first occurrence after the current one that is still ahead of now.
      const k = row.publishAt + step > now ? 1 : Math.floor((now - row.publishAt) / step) + 1;
      const next = row.publishAt + k * step;
      if (next <= end) needed += price;
    }
  }
  return needed;
}

/** WalletSummary, or NotOnWallet on a paid plan. */
export function walletSummary(world: World, ws: Workspace, env: Env, topUpUrl: string) {
  if (ws.plan === 'paid') return NOT_ON_WALLET;
  const now = env.clock.now();
  const needed = forecastCents(world, ws, now);
  const missing = needed - ws.wallet.balance;
  const autoCovers = missing > 0 && planAutoTopUp(world, ws, ws.wallet.balance - needed, env).count > 0;
  return {
    usesWallet: true as const,
    balance: fromCents(ws.wallet.balance),
    payAsYouGo: isPayAsYouGo(ws),
    frozen: ws.wallet.frozen,
    currency: world.config.walletCurrency,
    creditsPerUnit: world.config.creditsPerUnit,
    autoTopUp: autoTopUpView(ws, now),
    forecast: {
      windowHours: world.config.forecastWindowHours,
      neededCredits: fromCents(needed),
      short: missing > 0 && !autoCovers,
    },
    topUpUrl,
  };
}
