// The credit wallet: ledger, balance, plan states, auto top-up (reference sections 1, 2.8, 4.5, 8). Owner: the wallet work.
import type { Cents } from './money.ts';
import type { Env } from './world.ts';

export type TransactionType = 'TOPUP' | 'AUTO_TOPUP' | 'SPEND' | 'REFUND' | 'GRANT' | 'ADJUST';

export interface Transaction {
  id: string;
  type: TransactionType;
  description: string | null;
  /** Signed: positive adds to the balance, negative spends. */
  cents: Cents;
  quantity: number;
  actionKey: string | null;
  reference: string | null;
  receiptUrl: string | null;
  createdAt: number;
}

export interface WalletState {
  /** Oldest first; the balance is always the sum of these. */
  ledger: Transaction[];
  balance: Cents;
  toppedUp: boolean;
  frozen: boolean;
}

export interface PriceList {
  sections: Array<{ key: string; label: string; items: Array<Record<string, unknown>> }>;
}

export interface WalletFixture {
  ledger: Array<{ type: TransactionType; credits: number; description?: string; daysAgo?: number }>;
}

export function initWallet(_fixture: WalletFixture | undefined, _env: Env): WalletState {
  return { ledger: [], balance: 0, toppedUp: false, frozen: false };
}
