// Post arbitraries valid by the reference's own rules: settings per provider (section 2.9), non-empty text within the channel's length.
import fc from 'fast-check';
import type { components } from '../../spec/generated/openapi.d.ts';
import type { ChannelInfo } from '../discover.ts';
import { providerSettings } from '../provider-settings.ts';

/** A `POST /posts` body, as the document types it. */
export type CreatePostsBody = components['schemas']['CreatePosts'];

/**
 * Providers the suites send a text-only post to. The reference gives no media rule but a facebook story's, so which
 * networks take text alone is the suites' own judgement, kept to networks that are plainly text-first. A provider not
 * listed here, whatever the document or the target says of it, is left out of generic posts (a network that wants an
 * image would make every generic check fail with nothing pointing here); its own checks still reach it.
 */
const TEXT_ONLY_SAFE = new Set(['x', 'linkedin', 'linkedin-page', 'threads', 'facebook', 'discord', 'bluesky']);

/** The enabled channels a text-only post with the document's first valid settings is certainly valid on. */
export function textSafe(channels: ChannelInfo[]): ChannelInfo[] {
  return channels.filter((c) => !c.disabled && TEXT_ONLY_SAFE.has(c.identifier));
}

/**
 * Valid settings for a provider, from its schema in the document: one of its examples, a required field with an
 * allowed list drawn from that list, an optional boolean drawn or left out. A schema with rules across fields
 * (`allOf`) gets its examples only; a provider the document does not describe, `__type` alone.
 */
export function settingsArb(identifier: string): fc.Arbitrary<Record<string, unknown>> {
  const p = providerSettings(identifier);
  if (!p) return fc.constant({ __type: identifier });
  const example = fc.constantFrom(...p.examples);
  if (p.schema.allOf) return example;
  const drawn: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of p.fields) {
    const s = p.schema.properties![field]!;
    if (p.required.includes(field) && Array.isArray(s.enum)) drawn[field] = fc.constantFrom(...s.enum);
    else if (!p.required.includes(field) && s.type === 'boolean') drawn[field] = fc.boolean();
  }
  // A field drawn replaces the example's; an optional one not drawn keeps the example's value, or stays out.
  return fc.tuple(example, fc.record(drawn, { requiredKeys: Object.keys(drawn).filter((f) => p.required.includes(f)) })).map(([e, d]) => ({ ...e, ...d }));
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
      // Read from the document's examples and schemas at run time (any provider a target has): the document's types
      // per provider cannot follow that, and the examples are held to those schemas by npm run spec:lint.
      settings: settingsArb(ch.identifier) as fc.Arbitrary<components['schemas']['ChannelSettings']>,
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
