// docs/frontend.md, "The wallet's ledger": GET /wallet/transactions answers a page of entries, or, on a paid plan,
// NotOnWallet (`usesWallet: false` with an empty `items`). `'usesWallet' in data` tells the two apart; only then is
// `items` typed as the ledger's entries.
import type { Schemas, SpwClient } from 'social-publishing-contract/client';

export async function ledgerPage(api: SpwClient, page = 0): Promise<Schemas['WalletTransaction'][] | 'no wallet'> {
  const { data, error } = await api.GET('/wallet/transactions', { params: { query: { page, size: 20 } } });
  if (error) throw new Error(JSON.stringify(error));
  if ('usesWallet' in data) return 'no wallet'; // a paid plan: nothing to list
  return data.items;
}
