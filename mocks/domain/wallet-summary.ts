// `GET /wallet`: the summary with auto top-up settings and the forecast of paid usage in the next hours (reference 2.8).
import { isPayAsYouGo, paidFor, planAutoTopUp } from './billing.ts';
import { fromCents, type Cents } from './money.ts';
import { NOT_ON_WALLET, autoTopUpView } from './wallet.ts';
import { postActionKey, unitPrice } from './wallet-pricing.ts';
import type { Env, Workspace, World } from './world.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Credits the next `windowHours` will need: queued items due in the window that have not been charged, and the next
 * occurrence of each repeating item going out in the window (the mock charges an occurrence when the one before it
 * is sent). Field notes: production's window is 48 hours.
 */
export function forecastCents(world: World, ws: Workspace, now: number): Cents {
  const end = now + world.config.forecastWindowHours * HOUR_MS;
  const providers = new Map(ws.channels.map((c) => [c.id, c.identifier]));
  let needed = 0;
  for (const row of ws.posts.rows.values()) {
    if (row.state !== 'QUEUE' || row.publishAt > end) continue;
    const provider = providers.get(row.channelId);
    if (provider === undefined) continue;
    if (paidFor(ws, row.id) === 0) needed += itemCents(world, provider, row.content);
    if (row.inter !== null && row.inter > 0) needed += itemCents(world, provider, row.template ?? row.content);
  }
  return needed;
}

/** What one item costs to send on a provider: its priced action's unit price, or 0 where posting is free. */
function itemCents(world: World, provider: string, content: string): Cents {
  const key = postActionKey(world, provider, content);
  return key === null ? 0 : unitPrice(world, key);
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
