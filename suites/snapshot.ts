// A workspace's observable state through list endpoints, to prove a refused request changed nothing.
import { requireRead, type ApiClient } from './client.ts';
import { record } from './json.ts';
import type { KeyKind } from './target.ts';

export interface Snapshot {
  posts: string[];
  /** `balance` as answered, whatever its type: a change is still a change. */
  wallet: { balance?: unknown; total?: number };
  media: string[];
  mediaPages?: number;
  brief: string[];
}

/**
 * Posts (ids, in a four-year window around `now`), wallet balance and transaction count, media page 1, brief documents.
 * Read through the package's typed client. Each read must answer 200 (else the check is not verified, naming it): two
 * failed reads are equal and would prove nothing. The target may be faulty, so every field is still read defensively.
 */
export async function snapshot(api: ApiClient, kind: KeyKind, now: number): Promise<Snapshot> {
  const client = api.typed(kind);
  // Each typed read is recorded as the latest exchange: check it before the next read.
  const seen = <T>(answer: T): T => {
    requireRead(api.target.history.exchanges.at(-1)!, `the snapshot of the ${kind} workspace`);
    return answer;
  };
  const year = 365 * 86_400_000;
  const posts = seen(
    await client.GET('/posts', {
      params: { query: { startDate: new Date(now - 2 * year).toISOString(), endDate: new Date(now + 2 * year).toISOString() } },
    }),
  );
  const wallet = seen(await client.GET('/wallet'));
  const tx = seen(await client.GET('/wallet/transactions', { params: { query: { size: 1 } } }));
  const media = seen(await client.GET('/media', {}));
  const brief = seen(await client.GET('/brief'));
  return {
    posts: (posts.data?.posts ?? []).map((p) => `${p?.id}`).sort(),
    // Read whatever balance comes back, even from a body that breaks the wallet's shape: a change is still a change.
    wallet: { balance: record(wallet.data)?.balance, total: tx.data?.total },
    media: (media.data?.results ?? []).map((m) => `${m?.id}`),
    mediaPages: media.data?.pages,
    brief: (brief.data?.documents ?? []).map((d) => `${d?.category}/${d?.key}@${d?.updatedAt}`).sort(),
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
