// The credit wallet: ledger, balance, plan states, auto top-up settings and the app's wallet actions (reference sections 1, 2.8, 4.5, 8).
import { invalid } from './errors.ts';
import { ensureRoom } from './caps.ts';
import type { MockConfig } from './config.ts';
import { formatCredits, fromCents, sumCents, type Cents } from './money.ts';
import { notify } from './notifications.ts';
import { parameterSchema } from '../../spec/documents.ts';
import type { Env, Workspace, TransactionType, Transaction, AutoTopUpSettings, PaidCharge, WalletState, PriceItem, PriceList, WalletFixture } from './world.ts';

// The area's state lives with the rest of the world's (world.ts); named here too for the area's callers.
export type { TransactionType, Transaction, AutoTopUpSettings, PaidCharge, WalletState, PriceItem, PriceList, WalletFixture };

const DAY_MS = 24 * 60 * 60 * 1000;

export function initWallet(fixture: WalletFixture | undefined, env: Env, workspaceId: string): WalletState {
  const now = env.clock.now();
  const ledger: Transaction[] = (fixture?.ledger ?? []).map((entry) => ({
    id: env.ids.id('tx_', workspaceId),
    type: entry.type,
    description: entry.description ?? null,
    cents: creditsToCents(entry.credits),
    quantity: 1,
    actionKey: null,
    reference: null,
    receiptUrl: null,
    createdAt: now - (entry.daysAgo ?? 0) * DAY_MS,
  }));
  const auto = fixture?.autoTopUp;
  return {
    ledger,
    balance: sumCents(ledger.map((t) => t.cents)),
    toppedUp: ledger.some((t) => t.type === 'TOPUP' || t.type === 'AUTO_TOPUP'),
    frozen: fixture?.frozen ?? false,
    autoTopUp: {
      enabled: auto?.enabled ?? false,
      belowCents: auto?.belowCredits == null ? null : creditsToCents(auto.belowCredits),
      amount: auto?.amount ?? null,
      monthlyLimit: auto?.monthlyLimit ?? null,
    },
    paid: new Map(),
  };
}

/**
 * Credits given by a person (control API, fixtures) to hundredths. Unlike prices these are not rounded:
 * more than 2 decimals is refused, so the ledger only ever holds what was asked for.
 */
export function creditsToCents(credits: number): Cents {
  const cents = Math.round(credits * 100);
  if (!Number.isFinite(credits) || Math.abs(cents - credits * 100) > 1e-6) {
    throw invalid('credits must be a number with at most 2 decimals');
  }
  return cents;
}

/** Credits (in hundredths) bought with an amount in the smallest currency unit. */
export function currencyToCents(config: MockConfig, amount: number): Cents {
  return Math.round(amount * config.creditsPerUnit);
}

/** "10.00 USD" for 1000 smallest units. */
export function formatCurrency(config: MockConfig, amount: number): string {
  return `${(amount / 100).toFixed(2)} ${config.walletCurrency}`;
}

/** Append a transaction and move the balance with it: the only way the balance changes. */
export function record(
  ws: Workspace,
  env: Env,
  entry: Omit<Transaction, 'id' | 'createdAt' | 'receiptUrl' | 'quantity' | 'actionKey' | 'reference'> &
    Partial<Pick<Transaction, 'receiptUrl' | 'quantity' | 'actionKey' | 'reference'>>,
): Transaction {
  const tx: Transaction = {
    id: env.ids.id('tx_', ws.id),
    quantity: 1,
    actionKey: null,
    reference: null,
    receiptUrl: null,
    ...entry,
    createdAt: env.clock.now(),
  };
  ws.wallet.ledger.push(tx);
  ws.wallet.balance += tx.cents;
  return tx;
}

/** Smallest currency units spent on automatic top-ups in the current UTC calendar month. */
export function autoTopUpUsedThisMonth(ws: Workspace, now: number): number {
  const d = new Date(now);
  const monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  let used = 0;
  for (const tx of ws.wallet.ledger) {
    if (tx.type === 'AUTO_TOPUP' && tx.createdAt >= monthStart && tx.createdAt <= now) used += tx.currencyAmount ?? 0;
  }
  return used;
}

// ---- The app's wallet actions, played by the control API ----

/**
 * A person's wallet action writes one ledger entry: refused at the ledger cap before anything changes, as a charge is.
 * Only refunds pass the cap (they undo a charge already on the ledger); top-ups, grants and adjustments add credits
 * that nothing bounds otherwise.
 */
function ensureLedgerRoom(ws: Workspace, config: MockConfig): void {
  ensureRoom(config.caps, 'ledgerEntries', ws.wallet.ledger.length, 1, 'wallet ledger entries per workspace');
}

/** A top-up in the app: TOPUP, and the first one makes a free workspace pay-as-you-go. Refused while frozen. */
export function topUp(ws: Workspace, config: MockConfig, credits: number, env: Env, description?: string): Transaction {
  const cents = creditsToCents(credits);
  if (cents <= 0) throw invalid('credits must be greater than 0');
  if (ws.wallet.frozen) throw invalid('The wallet is frozen: top-ups are refused until it is unfrozen.');
  ensureLedgerRoom(ws, config);
  const currencyAmount = Math.round(cents / config.creditsPerUnit);
  const tx = record(ws, env, {
    type: 'TOPUP',
    cents,
    description: description ?? `Top-up of ${formatCurrency(config, currencyAmount)}`,
    currencyAmount,
  });
  ws.wallet.toppedUp = true;
  notify(ws, env, `Your wallet was topped up with ${formatCredits(cents)}.`, config.walletPath);
  return tx;
}

/** Credits granted by an administrator: GRANT. Not a top-up, so it does not make the workspace pay-as-you-go. */
export function grant(ws: Workspace, config: MockConfig, credits: number, env: Env, description?: string): Transaction {
  const cents = creditsToCents(credits);
  if (cents <= 0) throw invalid('credits must be greater than 0');
  ensureLedgerRoom(ws, config);
  return record(ws, env, { type: 'GRANT', cents, description: description ?? 'Credits granted' });
}

/** A signed ADJUST. A negative one is a claw-back (a disputed payment): it may go below zero and freezes the wallet. */
export function adjust(ws: Workspace, config: MockConfig, credits: number, env: Env, description?: string): Transaction {
  const cents = creditsToCents(credits);
  if (cents === 0) throw invalid('credits must not be 0');
  ensureLedgerRoom(ws, config);
  const tx = record(ws, env, {
    type: 'ADJUST',
    cents,
    description: description ?? (cents < 0 ? 'Claw-back of a disputed payment' : 'Adjustment'),
  });
  if (cents < 0) {
    ws.wallet.frozen = true;
    notify(ws, env, `Your wallet was frozen after a claw-back of ${formatCredits(-cents)}.`, config.walletPath);
  }
  return tx;
}

export function freeze(ws: Workspace): void {
  ws.wallet.frozen = true;
}

export function unfreeze(ws: Workspace): void {
  ws.wallet.frozen = false;
}

export interface AutoTopUpInput {
  enabled: boolean;
  belowCredits?: number | null;
  amount?: number | null;
  monthlyLimit?: number | null;
}

/** Replace the auto top-up settings; a field left out keeps its value. Checked whole before anything changes. */
export function setAutoTopUp(ws: Workspace, input: AutoTopUpInput): AutoTopUpSettings {
  const current = ws.wallet.autoTopUp;
  const next: AutoTopUpSettings = {
    enabled: input.enabled,
    belowCents: input.belowCredits === undefined ? current.belowCents : input.belowCredits === null ? null : creditsToCents(input.belowCredits),
    amount: input.amount === undefined ? current.amount : input.amount,
    monthlyLimit: input.monthlyLimit === undefined ? current.monthlyLimit : input.monthlyLimit,
  };
  const problems: string[] = [];
  if (next.belowCents !== null && next.belowCents < 0) problems.push('belowCredits must be 0 or more');
  if (next.amount !== null && !(Number.isInteger(next.amount) && next.amount > 0)) problems.push('amount must be a positive integer');
  if (next.monthlyLimit !== null && !(Number.isInteger(next.monthlyLimit) && next.monthlyLimit >= 0)) {
    problems.push('monthlyLimit must be an integer, 0 or more');
  }
  if (next.enabled && next.amount === null) problems.push('amount is required to turn automatic top-up on');
  if (problems.length > 0) throw invalid(problems);
  ws.wallet.autoTopUp = next;
  return next;
}

/** The auto top-up settings as the reference shows them (WalletAutoTopUp). */
export function autoTopUpView(ws: Workspace, now: number) {
  const s = ws.wallet.autoTopUp;
  return {
    enabled: s.enabled,
    belowCredits: s.belowCents === null ? null : fromCents(s.belowCents),
    amount: s.amount,
    monthlyLimit: s.monthlyLimit,
    usedThisMonth: autoTopUpUsedThisMonth(ws, now),
  };
}

export const NOT_ON_WALLET = { usesWallet: false as const, message: 'Your plan does not use wallet credits.' };

/** A transaction as `GET /wallet/transactions` shows it. */
export function transactionView(tx: Transaction) {
  return {
    id: tx.id,
    type: tx.type,
    description: tx.description,
    credits: fromCents(tx.cents),
    quantity: tx.quantity,
    actionKey: tx.actionKey,
    reference: tx.reference,
    receiptUrl: tx.receiptUrl,
    createdAt: new Date(tx.createdAt).toISOString(),
  };
}

export interface TransactionQuery {
  page?: number;
  size?: number;
  /** Comma separated types, already checked by the schema. */
  type?: string;
}

/** The page size when a client asks for none: the document's default for `size` (reference 4.5 and 8). */
export function transactionsPageSize(): number {
  return parameterSchema('listWalletTransactions', 'size').default as number;
}

/**
 * A page of the ledger, pages from 0 (reference 4.5; `page` and `size` already held to the document's bounds by the
 * pipeline). Newest first is the mock's choice: the reference gives no order (mocks/decisions.ts).
 */
export function listTransactions(ws: Workspace, query: TransactionQuery) {
  const page = query.page ?? 0;
  const size = query.size ?? transactionsPageSize();
  const types = query.type ? new Set(query.type.split(',').map((t) => t.trim())) : null;
  const newestFirst: Transaction[] = [];
  for (let i = ws.wallet.ledger.length - 1; i >= 0; i--) {
    const tx = ws.wallet.ledger[i]!;
    if (!types || types.has(tx.type)) newestFirst.push(tx);
  }
  // Stable: equal times keep the reverse of the order they were recorded in.
  newestFirst.sort((a, b) => b.createdAt - a.createdAt);
  const total = newestFirst.length;
  const items = newestFirst.slice(page * size, page * size + size).map(transactionView);
  return { total, page, size, nextPage: (page + 1) * size < total ? page + 1 : null, items };
}

/** The control API's view of a wallet (spec/control.yaml ControlWallet). */
export function controlWalletView(ws: Workspace, now: number, payAsYouGo: boolean) {
  const auto = autoTopUpView(ws, now);
  return {
    balance: fromCents(ws.wallet.balance),
    payAsYouGo,
    frozen: ws.wallet.frozen,
    autoTopUp: { enabled: auto.enabled, belowCredits: auto.belowCredits, amount: auto.amount, monthlyLimit: auto.monthlyLimit },
  };
}
