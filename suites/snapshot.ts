// A workspace's observable state through list endpoints, to prove a refused request changed nothing.
import { requireRead, type ApiClient } from './client.ts';
import { record } from './json.ts';
import type { KeyKind } from './target.ts';
import { NotVerified } from './not-verified.ts';

/** The areas a snapshot reads, one list read (or two, for the wallet) each. */
export type SnapshotArea = 'posts' | 'wallet' | 'media' | 'brief';
export const SNAPSHOT_AREAS: readonly SnapshotArea[] = ['posts', 'wallet', 'media', 'brief'];

/** Each area as read, or undefined when the target would not let it be read (an area it has not built). */
export interface Snapshot {
  posts?: string[];
  /** `balance` as answered, whatever its type: a change is still a change. */
  wallet?: { balance?: unknown; total?: number };
  media?: string[];
  mediaPages?: number;
  brief?: string[];
  /** The areas whose read did not answer 200, with what it answered. */
  unread: Partial<Record<SnapshotArea, string>>;
}

/**
 * Posts (ids, in a four-year window around `now`), wallet balance and transaction count, media page 1, brief documents.
 * Read through the package's typed client. The areas in `needs` must answer 200 (else the check is not verified,
 * naming the read): two failed reads are equal and would prove nothing. The others are read when the target answers
 * them and compared where both snapshots could read them, so that a server built area by area (posts and wallet, no
 * media yet) still gets a verdict on what it built. With no `needs`, at least one area must be readable. The target may
 * be faulty, so every field is still read defensively.
 */
export async function snapshot(api: ApiClient, kind: KeyKind, now: number, needs: readonly SnapshotArea[] = []): Promise<Snapshot> {
  const client = api.typed(kind);
  const unread: Snapshot['unread'] = {};
  // Each typed read is recorded as the latest exchange: check it before the next read.
  const seen = <T extends { data?: unknown }>(area: SnapshotArea, answer: T): T | undefined => {
    const e = api.target.history.exchanges.at(-1)!;
    if (needs.includes(area)) {
      requireRead(e, `the snapshot of the ${kind} workspace`);
      return answer;
    }
    e.optional = true;
    try {
      requireRead(e, area);
      return answer;
    } catch (err) {
      if (!(err instanceof NotVerified)) throw err;
      unread[area] = err.message;
      return undefined;
    }
  };
  const year = 365 * 86_400_000;
  const posts = seen(
    'posts',
    await client.GET('/posts', {
      params: { query: { startDate: new Date(now - 2 * year).toISOString(), endDate: new Date(now + 2 * year).toISOString() } },
    }),
  );
  const wallet = seen('wallet', await client.GET('/wallet'));
  const tx = wallet && seen('wallet', await client.GET('/wallet/transactions', { params: { query: { size: 1 } } }));
  const media = seen('media', await client.GET('/media', {}));
  const brief = seen('brief', await client.GET('/brief'));
  if (Object.keys(unread).length === SNAPSHOT_AREAS.length) {
    throw new NotVerified(`the snapshot of the ${kind} workspace: no list could be read (${Object.values(unread).join('; ')})`);
  }
  return {
    ...(posts ? { posts: (posts.data?.posts ?? []).map((p) => `${p?.id}`).sort() } : {}),
    // Read whatever balance comes back, even from a body that breaks the wallet's shape: a change is still a change.
    ...(wallet && tx ? { wallet: { balance: record(wallet.data)?.balance, total: tx.data?.total } } : {}),
    ...(media ? { media: (media.data?.results ?? []).map((m) => `${m?.id}`), mediaPages: media.data?.pages } : {}),
    ...(brief ? { brief: (brief.data?.documents ?? []).map((d) => `${d?.category}/${d?.key}@${d?.updatedAt}`).sort() } : {}),
    unread,
  };
}

/** What differs between two snapshots, in words, over the areas both could read; empty when nothing changed. */
export function diff(a: Snapshot, b: Snapshot): string[] {
  const out: string[] = [];
  if (a.posts && b.posts) {
    const added = b.posts.filter((p) => !a.posts!.includes(p));
    const removed = a.posts.filter((p) => !b.posts!.includes(p));
    if (added.length) out.push(`posts added: ${added.join(', ')}`);
    if (removed.length) out.push(`posts removed: ${removed.join(', ')}`);
  }
  if (a.wallet && b.wallet) {
    if (a.wallet.balance !== b.wallet.balance) out.push(`wallet balance ${a.wallet.balance} -> ${b.wallet.balance}`);
    if (a.wallet.total !== b.wallet.total) out.push(`wallet transactions ${a.wallet.total} -> ${b.wallet.total}`);
  }
  if (a.media && b.media && a.media.join() !== b.media.join()) out.push(`media page 1 [${a.media.join(', ')}] -> [${b.media.join(', ')}]`);
  if (a.brief && b.brief && a.brief.join() !== b.brief.join()) out.push(`brief documents [${a.brief.join(', ')}] -> [${b.brief.join(', ')}]`);
  return out;
}

/** The areas a comparison of these two snapshots could not cover, for a check's notes; empty when it covered all. */
export function uncompared(a: Snapshot, b: Snapshot): SnapshotArea[] {
  return SNAPSHOT_AREAS.filter((area) => a.unread[area] !== undefined || b.unread[area] !== undefined);
}
