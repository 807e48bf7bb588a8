// A workspace's observable state through list endpoints, to prove a refused request changed nothing.
import type { ApiClient } from './client.ts';
import type { KeyKind } from './target.ts';

export interface Snapshot {
  posts: string[];
  wallet: { balance?: number; total?: number };
  media: string[];
  mediaPages?: number;
  brief: string[];
}

/** Posts (ids, in a four-year window around `now`), wallet balance and transaction count, media page 1, brief documents. */
export async function snapshot(api: ApiClient, kind: KeyKind, now: number): Promise<Snapshot> {
  const auth = { kind } as const;
  const year = 365 * 86_400_000;
  const posts = await api.call({ operationId: 'listPosts', auth, query: { startDate: new Date(now - 2 * year).toISOString(), endDate: new Date(now + 2 * year).toISOString() } });
  const wallet = await api.call({ operationId: 'getWallet', auth });
  const tx = await api.call({ operationId: 'listWalletTransactions', auth, query: { size: 1 } });
  const media = await api.call({ operationId: 'listMedia', auth });
  const brief = await api.call({ operationId: 'listBriefDocuments', auth });
  return {
    posts: (((posts.responseBody as any)?.posts ?? []) as any[]).map((p) => `${p?.id}`).sort(),
    wallet: { balance: (wallet.responseBody as any)?.balance, total: (tx.responseBody as any)?.total },
    media: (((media.responseBody as any)?.results ?? []) as any[]).map((m) => `${m?.id}`),
    mediaPages: (media.responseBody as any)?.pages,
    brief: brief.status === 200 ? (((brief.responseBody as any)?.documents ?? []) as any[]).map((d) => `${d?.category}/${d?.key}@${d?.updatedAt}`).sort() : [],
  };
}

/** What differs between two snapshots, in words; empty when nothing changed. */
export function diff(a: Snapshot, b: Snapshot): string[] {
  const out: string[] = [];
  const added = b.posts.filter((p) => !a.posts.includes(p));
  const removed = a.posts.filter((p) => !b.posts.includes(p));
  if (added.length) out.push(`posts added: ${added.join(', ')}`);
  if (removed.length) out.push(`posts removed: ${removed.join(', ')}`);
  if (a.wallet.balance !== b.wallet.balance) out.push(`wallet balance ${a.wallet.balance} -> ${b.wallet.balance}`);
  if (a.wallet.total !== b.wallet.total) out.push(`wallet transactions ${a.wallet.total} -> ${b.wallet.total}`);
  if (a.media.join() !== b.media.join()) out.push(`media page 1 [${a.media.join(', ')}] -> [${b.media.join(', ')}]`);
  if (a.brief.join() !== b.brief.join()) out.push(`brief documents [${a.brief.join(', ')}] -> [${b.brief.join(', ')}]`);
  return out;
}
