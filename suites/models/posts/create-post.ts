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
  /**
   * The same post on a second channel, in the same request and the same group (section 2.4: `group` is an optional
   * string, and nothing keeps two entries from naming one): one post on several channels, as clients send it.
   */
  also?: { channel: ChannelInfo; settings: Record<string, unknown> };
}

/** The model holds at most this many posts, so a sequence stays a few dozen requests. */
export const MAX_POSTS = 8;

export class CreatePost implements PostCommand {
  readonly spec: CreateSpec;
  constructor(spec: CreateSpec) {
    this.spec = spec;
  }

  check(m: Readonly<PostModel>): boolean {
    return m.posts.length + (this.spec.also ? 2 : 1) <= MAX_POSTS;
  }

  async run(m: PostModel, r: PostReal): Promise<void> {
    const s = this.spec;
    const slot = s.type === 'now' ? m.slot : m.slot + s.ahead;
    const at = s.type === 'now' ? nowOf(m, r) : slotStart(r, slot) + s.minute * 60_000;
    const value = s.items.map((item, i) => (i === 0 ? { content: item.content, image: [] } : { content: item.content, image: [], delay: item.delay }));
    const entry: Record<string, unknown> = { integration: { id: s.channel.id }, value };
    if (s.settings) entry.settings = s.settings;
    // A group the client names, unique to this run and this post.
    const group = s.also ? `spw-${r.t0.toString(36)}-${m.posts.length}` : undefined;
    const entries = s.also ? [{ ...entry, group }, { integration: { id: s.also.channel.id }, value, settings: s.also.settings, group }] : [entry];
    const e = await r.ctx.api.call({ operationId: 'createPosts', auth: { kind: r.kind }, body: { type: s.type, date: iso(at), shortLink: false, tags: [], posts: entries } });
    stopOnLimit(e);
    const created = e.responseBody;
    const why =
      s.type === 'draft' && !s.settings
        ? 'a draft is saved without settings (section 2.4: settings "required unless type is draft"; 2.9: "Drafts are saved without this check")'
        : `a valid ${s.type} post is accepted (section 2.4)`;
    const sharing = s.also ? ` The entries share the group ${group} they name (section 2.4: group "string", optional; nothing keeps entries from naming one).` : '';
    if (e.status !== 200) fail('createPosts', got(e), `200: ${why}${sharing}`, [e]);
    const firsts = s.also ? createdPerChannel(created, [s.channel.id, s.also.channel.id], s.items.length) : isCreated(created, s.channel.id, s.items.length) ? [created[0]!.postId] : undefined;
    if (!firsts) {
      fail('createPosts', got(e), `for each entry sent, one {postId, integration} naming its channel, or one for each of its ${s.items.length} item(s), the post first (section 2.4: "array of {postId, integration}")`, [e]);
    }
    asserted(e);
    const channels = s.also ? [s.channel, s.also.channel] : [s.channel];
    firsts.forEach((postId, i) => {
      r.created.push(postId);
      m.posts.push({
        postId,
        ...(group ? { group } : {}),
        channelId: channels[i]!.id,
        type: s.type,
        slot,
        at,
        exactDate: s.type !== 'now',
        state: s.type === 'draft' ? 'draft' : s.type === 'now' ? 'publishing' : 'scheduled',
        settings: s.settings !== undefined,
      });
    });
  }

  toString(): string {
    const s = this.spec;
    const when = s.type === 'now' ? 'now' : `+${s.ahead} slots ${s.minute}min`;
    const thread = s.items.length > 1 ? ` +${s.items.length - 1} thread item(s) after ${s.items.slice(1).map((i) => i.delay).join('/')}min` : '';
    return `POST /posts ${s.type} ${when} on ${s.channel.identifier} ${s.channel.id}${s.also ? ` and ${s.also.channel.identifier} ${s.also.channel.id}, one group` : ''}${thread}${s.settings ? '' : ' without settings'}`;
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

/**
 * The answer to entries on several channels: for each channel, in the order sent, its first `postId` (one answer per
 * entry, or one per item of each, the post first, as for one entry). Undefined when the answer is neither.
 */
function createdPerChannel(value: unknown, channels: string[], items: number): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const per = value.length === channels.length ? 1 : value.length === channels.length * items ? items : 0;
  if (per === 0) return undefined;
  const firsts: string[] = [];
  for (let c = 0; c < channels.length; c++) {
    const chunk = value.slice(c * per, (c + 1) * per) as Array<Record<string, unknown>>;
    if (!chunk.every((x) => typeof x?.postId === 'string' && x.integration === channels[c])) return undefined;
    firsts.push(chunk[0]!.postId as string);
  }
  return firsts;
}
