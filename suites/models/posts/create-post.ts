// Command: POST /posts one entry (a post and its thread items) as a draft, on the schedule at a future date, or `now`.
import { asserted, got } from '../../checks/registry.ts';
import { record, type ChannelInfo } from '../../discover.ts';
import { fail, iso, nowOf, slotStart, stopOnLimit, type PostCommand, type PostModel, type PostReal } from './model.ts';

export interface CreateSpec {
  type: 'draft' | 'schedule' | 'now';
  channel: ChannelInfo;
  /** Slots ahead of the clock (drafts and scheduled posts). */
  ahead: number;
  /** Minutes past the slot, under an hour. */
  minute: number;
  /** The post first, then each thread item; delays in minutes, at most 20 each. */
  items: Array<{ content: string; delay: number }>;
  /** Valid settings for the channel's provider, or none (allowed only for drafts: section 2.4, 2.9). */
  settings?: Record<string, unknown>;
}

/** The model holds at most this many posts, so a sequence stays a few dozen requests. */
export const MAX_POSTS = 8;

export class CreatePost implements PostCommand {
  readonly spec: CreateSpec;
  constructor(spec: CreateSpec) {
    this.spec = spec;
  }

  check(m: Readonly<PostModel>): boolean {
    return m.posts.length < MAX_POSTS;
  }

  async run(m: PostModel, r: PostReal): Promise<void> {
    const s = this.spec;
    const slot = s.type === 'now' ? m.slot : m.slot + s.ahead;
    const at = s.type === 'now' ? nowOf(m, r) : slotStart(r, slot) + s.minute * 60_000;
    const entry: Record<string, unknown> = {
      integration: { id: s.channel.id },
      value: s.items.map((item, i) => (i === 0 ? { content: item.content, image: [] } : { content: item.content, image: [], delay: item.delay })),
    };
    if (s.settings) entry.settings = s.settings;
    const e = await r.ctx.api.call({ operationId: 'createPosts', auth: { kind: r.kind }, body: { type: s.type, date: iso(at), shortLink: false, tags: [], posts: [entry] } });
    stopOnLimit(e);
    const created = e.responseBody;
    const why =
      s.type === 'draft' && !s.settings
        ? 'a draft is saved without settings (section 2.4: settings "required unless type is draft"; 2.9: "Drafts are saved without this check")'
        : `a valid ${s.type} post is accepted (section 2.4)`;
    if (e.status !== 200) fail('createPosts', got(e), `200: ${why}`, [e]);
    if (!isCreated(created, s.channel.id, s.items.length)) {
      fail('createPosts', got(e), `one {postId, integration: "${s.channel.id}"} for the one entry sent, or one for each of its ${s.items.length} item(s), the post first (section 2.4: "array of {postId, integration}")`, [e]);
    }
    asserted(e);
    const postId = created[0]!.postId;
    r.created.push(postId);
    m.posts.push({
      postId,
      channelId: s.channel.id,
      type: s.type,
      slot,
      at,
      exactDate: s.type !== 'now',
      settings: s.settings !== undefined,
      state: s.type === 'draft' ? 'draft' : s.type === 'now' ? 'publishing' : 'scheduled',
    });
  }

  toString(): string {
    const s = this.spec;
    const when = s.type === 'now' ? 'now' : `+${s.ahead} slots ${s.minute}min`;
    const thread = s.items.length > 1 ? ` +${s.items.length - 1} thread item(s) after ${s.items.slice(1).map((i) => i.delay).join('/')}min` : '';
    return `POST /posts ${s.type} ${when} on ${s.channel.identifier} ${s.channel.id}${thread}${s.settings ? '' : ' without settings'}`;
  }
}

/**
 * The answer to one entry: `{postId, integration}` naming the channel it was sent to, once for the entry or once for
 * each of its items. Section 2.4 says only "array of {postId, integration}": a server may name the thread items too,
 * and then, as the items were sent, the post comes first.
 */
function isCreated(value: unknown, channel: string, items: number): value is Array<{ postId: string; integration: string }> {
  if (!Array.isArray(value) || (value.length !== 1 && value.length !== items)) return false;
  const ids = value.map((v) => record(v));
  return ids.every((c) => typeof c?.postId === 'string' && c.integration === channel) && new Set(ids.map((c) => c!.postId)).size === ids.length;
}
