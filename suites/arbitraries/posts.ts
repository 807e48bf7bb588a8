// Post arbitraries valid by the reference's own rules: settings per provider (section 2.9), non-empty text within the channel's length.
import fc from 'fast-check';
import type { components } from '../../spec/generated/openapi.d.ts';
import type { ChannelInfo } from '../discover.ts';

/** A `POST /posts` body, as the document types it. */
export type CreatePostsBody = components['schemas']['CreatePosts'];

/** Providers whose required settings the reference states in full, so a valid `settings` can be built for them. */
export const SETTINGS_KNOWN = ['x', 'linkedin', 'linkedin-page', 'threads', 'facebook', 'discord', 'sanity', 'youtube', 'tiktok', 'instagram', 'instagram-standalone'];
/** Providers a text-only post is certainly valid on (media rules elsewhere are not shown, so the suites stay clear of them). */
const TEXT_ONLY_SAFE = new Set(['x', 'linkedin', 'linkedin-page', 'threads', 'facebook', 'discord']);

export function textSafe(channels: ChannelInfo[]): ChannelInfo[] {
  return channels.filter((c) => !c.disabled).filter((c) => TEXT_ONLY_SAFE.has(c.identifier) || !SETTINGS_KNOWN.includes(c.identifier));
}

export function settingsArb(identifier: string): fc.Arbitrary<Record<string, unknown>> {
  switch (identifier) {
    case 'x':
      return fc.record(
        { __type: fc.constant('x'), who_can_reply_post: fc.constantFrom('everyone', 'following', 'mentionedUsers', 'subscribers', 'verified'), made_with_ai: fc.boolean(), paid_partnership: fc.boolean() },
        { requiredKeys: ['__type', 'who_can_reply_post'] },
      );
    case 'linkedin':
    case 'linkedin-page':
      return fc.record({ __type: fc.constant(identifier), post_as_images_carousel: fc.boolean(), carousel_name: fc.constantFrom('slides', 'deck') }, { requiredKeys: ['__type'] });
    case 'threads':
      return fc.constant({ __type: 'threads' });
    case 'facebook':
      return fc.record({ __type: fc.constant('facebook'), post_type: fc.constant('post') }, { requiredKeys: ['__type'] });
    case 'discord':
      return fc.record({ __type: fc.constant('discord'), channel: fc.constantFrom('1000001', 'general') });
    default:
      return fc.constant({ __type: identifier });
  }
}

const WORDS = ['spring', 'launch', 'bakery', 'fresh', 'bread', 'today', 'market', 'coffee', 'morning', 'news', 'hello', 'thanks', 'team', 'update'];

/** Non-empty text without links (links may be priced differently) and within the channel's maximum length. */
export function contentArb(maxLength = 280): fc.Arbitrary<string> {
  const cap = Math.max(1, Math.min(maxLength, 200));
  return fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 12 }).map((w) => w.join(' ').slice(0, cap).trim() || 'hi');
}

export interface PostsBodyOptions {
  type: 'draft' | 'schedule' | 'now';
  channels: ChannelInfo[];
  /** ISO date the posts go out at. */
  date: string;
  /** Thread length bounds (items in `value`). */
  items?: [number, number];
  /** Leave `settings` out of drafts sometimes (the reference allows it). */
  draftWithoutSettings?: boolean;
}

export function createPostsBody(o: PostsBodyOptions): fc.Arbitrary<CreatePostsBody> {
  const [minItems, maxItems] = o.items ?? [1, 3];
  const entries = o.channels.map((ch) =>
    fc.record({
      integration: fc.constant({ id: ch.id }),
      value: fc.array(fc.record({ content: contentArb(ch.maxLength), image: fc.constant<Array<components['schemas']['PostImage']>>([]) }), { minLength: minItems, maxLength: maxItems }),
      settings: settingsArb(ch.identifier),
    }),
  );
  return fc.record({
    type: fc.constant(o.type),
    date: fc.constant(o.date),
    shortLink: fc.boolean(),
    tags: fc.array(fc.record({ value: fc.constantFrom('launch', 'news'), label: fc.constantFrom('Launch', 'News') }), { maxLength: 2 }),
    posts: fc.tuple(...entries),
  });
}

/** A whole minute `days` ahead of `now`, with seconds at zero. */
export function futureDate(now: number, days: number, minutes = 0): string {
  const d = new Date(now + days * 86_400_000 + minutes * 60_000);
  d.setUTCSeconds(0, 0);
  return d.toISOString();
}
