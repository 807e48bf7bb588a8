// photo_counts_as_content_story_needs_one and youtube_tags_over_500_refused: what section 2.9 and section 7 pin about a post's media and a YouTube post's tags, each with an uploaded image so no other media rule answers first.
import fc from 'fast-check';
import { imageForm } from '../arbitraries/files.ts';
import { futureDate } from '../arbitraries/posts.ts';
import type { ChannelInfo } from '../discover.ts';
import { documented } from '../documented.ts';
import { cleanupCreated, targetNow } from '../resources.ts';
import { diff, snapshot } from '../snapshot.ts';
import type { CheckContext } from './registry.ts';
import type { KeyKind } from '../target.ts';
import { ensure, got, register, show } from './registry.ts';

type Image = { id: string; path: string };

/** Paid first: nothing is charged there, so the wallet never answers in a media or settings rule's place. */
function workspace(ctx: CheckContext): KeyKind {
  return ctx.has('paid') ? 'paid' : 'payg';
}

async function channelOf(ctx: CheckContext, kind: KeyKind, identifier: string): Promise<ChannelInfo> {
  const d = await ctx.discover();
  const ch = (d.workspaces[kind]?.channels ?? []).find((c) => c.identifier === identifier && !c.disabled);
  return ch ?? ctx.notVerified(`the ${kind} workspace has no enabled ${identifier} channel`);
}

/** A png uploaded now: section 2.4, "Media is uploaded first; path is the media's hosted URL". */
async function image(ctx: CheckContext, kind: KeyKind): Promise<Image> {
  const up = await ctx.api.call({ operationId: 'uploadMedia', auth: { kind }, body: imageForm('post-media.png') });
  ensure(up.status === 200, { operation: 'uploadMedia', received: got(up), documented: '200 Media for a png (section 4.3)', exchanges: [up] });
  const media = documented(up, 'uploadMedia', 200);
  ctx.cleanup(() => ctx.api.call({ operationId: 'deleteMedia', path: { id: media.id }, auth: { kind } }));
  return { id: media.id, path: media.path };
}

function post(ctx: CheckContext, kind: KeyKind, ch: ChannelInfo, date: string, value: Array<{ content: string; image: Image[] }>, settings: Record<string, unknown>) {
  return ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type: 'schedule', date, shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value, settings }] } });
}

interface MediaCase {
  what: 'photo, no text' | 'story without media' | 'story with a photo';
  /** Items in the thread; for `photo, no text`, the item without text. */
  items: number;
  at: number;
}

export const photoCountsAsContent = register({
  name: 'photo_counts_as_content_story_needs_one',
  area: 'posts',
  kind: 'property',
  description:
    'A scheduled linkedin post one of whose items has a photo and no text is accepted (it has media, so it is not "no text and no media"); a scheduled facebook story with no photo or video answers 400 and schedules nothing; the same story with a photo is accepted.',
  rule: 'Section 7: "A post with no text and no media: Your post should have at least one character or one image. (400)"; section 2.9, facebook: "post_type: post (default) or story. A story needs at least one photo or video"; section 7: 400 "Invalid request or validation failure".',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind = workspace(ctx);
    const linkedin = await channelOf(ctx, kind, 'linkedin');
    const facebook = await channelOf(ctx, kind, 'facebook');
    const photo = await image(ctx, kind);
    const arb: fc.Arbitrary<MediaCase> = fc
      .record({ what: fc.constantFrom<MediaCase['what']>('photo, no text', 'story without media', 'story with a photo'), items: fc.integer({ min: 1, max: 3 }), at: fc.nat() })
      .map((c) => ({ ...c, at: c.at % c.items }));
    await ctx.property(
      'a photo is content, and a facebook story needs one',
      arb,
      async (c) => {
        const now = await targetNow(ctx);
        const date = futureDate(now, 5, 13);
        if (c.what === 'photo, no text') {
          const value = Array.from({ length: c.items }, (_, i) => (i === c.at ? { content: '', image: [photo] } : { content: `item ${i + 1}`, image: [] }));
          const e = await post(ctx, kind, linkedin, date, value, { __type: 'linkedin' });
          ensure(e.status === 200, { operation: 'createPosts', received: got(e), documented: `200: item ${c.at + 1} of ${c.items} has a photo, so it is not a post "with no text and no media" (section 7)`, exchanges: [e] });
          cleanupCreated(ctx, e, kind);
          return;
        }
        const value = Array.from({ length: c.items }, (_, i) => ({ content: `story ${i + 1}`, image: i === 0 && c.what === 'story with a photo' ? [photo] : [] }));
        const before = await snapshot(ctx.api, kind, now, ['posts']);
        const e = await post(ctx, kind, facebook, date, value, { __type: 'facebook', post_type: 'story' });
        if (c.what === 'story with a photo') {
          ensure(e.status === 200, { operation: 'createPosts', received: got(e), documented: '200: a facebook story with a photo has what section 2.9 says a story needs', exchanges: [e] });
          cleanupCreated(ctx, e, kind);
          return;
        }
        ensure(e.status === 400, { operation: 'createPosts', received: e.status === 200 ? `200 ${show(e.responseBody)}` : got(e), documented: '400: "A story needs at least one photo or video" (section 2.9), and this one has none', exchanges: [e] });
        const changes = diff(before, await snapshot(ctx.api, kind, now, ['posts']));
        ensure(changes.length === 0, { operation: 'createPosts', received: `after the 400: ${changes.join('; ')}`, documented: 'nothing saved by a refused request', exchanges: [e] });
      },
      {
        // The examples run first, within the runs.
        runs: ctx.runs + 3,
        examples: [
          { what: 'photo, no text', items: 1, at: 0 },
          { what: 'story without media', items: 1, at: 0 },
          { what: 'story with a photo', items: 1, at: 0 },
        ],
        show: (c: MediaCase) => [`POST /upload a png`, c.what === 'photo, no text' ? `POST /posts schedule on linkedin, ${c.items} item(s), item ${c.at + 1} with the photo and no text` : `POST /posts schedule a facebook story (post_type story), ${c.items} item(s), ${c.what}`],
      },
    );
  },
});

interface TagsCase {
  /** Whether all tags together count 500, or more. */
  total: 'exactly 500' | 'over 500';
  over: number;
  tags: number;
  /** Whether one tag holds a space (which counts two more). */
  spaced: boolean;
}

const YOUTUBE_TAGS = 500;

/** `n` tags whose values count `total` characters by section 2.9's rule; with `spaced`, the first holds one space. */
function tagsCounting(total: number, n: number, spaced: boolean): Array<{ value: string; label: string }> {
  const chars = total - (spaced ? 2 : 0);
  const sizes = Array.from({ length: n }, (_, i) => Math.floor(chars / n) + (i < chars % n ? 1 : 0));
  return sizes.map((size, i) => {
    const letters = 'abcdefghij'[i % 10]!.repeat(size);
    const value = spaced && i === 0 ? `${letters.slice(0, Math.floor(size / 2))} ${letters.slice(Math.floor(size / 2) + 1)}` : letters;
    return { value, label: `Tag ${i + 1}` };
  });
}

export const youtubeTagsLimit = register({
  name: 'youtube_tags_over_500_refused',
  area: 'posts',
  kind: 'property',
  description:
    'A scheduled YouTube post (with a photo) whose settings.tags together count more than 500 characters, a tag holding a space counting two more, answers 400 and schedules nothing; tags counting exactly 500 are accepted whenever the same post without tags is.',
  rule: 'Section 2.9, youtube: "tags: All tags together use up to 500 characters; a tag containing a space counts two more"; section 8: "YouTube title 2 to 100 characters; tags together up to 500 characters".',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind = workspace(ctx);
    const youtube = await channelOf(ctx, kind, 'youtube');
    const photo = await image(ctx, kind);
    const arb: fc.Arbitrary<TagsCase> = fc.record({
      total: fc.constantFrom<TagsCase['total']>('exactly 500', 'over 500'),
      over: fc.integer({ min: 1, max: 3 }),
      tags: fc.integer({ min: 1, max: 6 }),
      spaced: fc.boolean(),
    });
    await ctx.property(
      'tags over 500 characters are refused, 500 accepted',
      arb,
      async (c) => {
        const counted = YOUTUBE_TAGS + (c.total === 'over 500' ? c.over : 0);
        const tags = tagsCounting(counted, c.tags, c.spaced);
        const settings = { __type: 'youtube', title: 'Spring launch', type: 'public' };
        const now = await targetNow(ctx);
        const date = futureDate(now, 5, 29);
        const value = [{ content: 'Our spring launch', image: [photo] }];
        const raw = tags.reduce((n, t) => n + t.value.length, 0);
        const what = `${c.tags} tag(s) of ${raw} characters${c.spaced ? ', one holding a space' : ''}, counting ${counted}`;
        if (c.total === 'exactly 500') {
          const bare = await post(ctx, kind, youtube, date, value, settings);
          if (bare.status !== 200) return ctx.partial(`the YouTube post without tags was not accepted (${got(bare)}), so tags counting 500 could not be told apart from another rule`);
          cleanupCreated(ctx, bare, kind);
          const e = await post(ctx, kind, youtube, date, value, { ...settings, tags });
          ensure(e.status === 200, { operation: 'createPosts', received: got(e), documented: `200, as without tags: ${what} is within "up to 500 characters" (section 2.9)`, exchanges: [bare, e] });
          cleanupCreated(ctx, e, kind);
          return;
        }
        const before = await snapshot(ctx.api, kind, now, ['posts']);
        const e = await post(ctx, kind, youtube, date, value, { ...settings, tags });
        ensure(e.status === 400, { operation: 'createPosts', received: e.status === 200 ? `200 ${show(e.responseBody)}` : got(e), documented: `400: ${what}, over "up to 500 characters" (section 2.9)`, exchanges: [e] });
        const changes = diff(before, await snapshot(ctx.api, kind, now, ['posts']));
        ensure(changes.length === 0, { operation: 'createPosts', received: `after the 400: ${changes.join('; ')}`, documented: 'nothing saved by a refused request', exchanges: [e] });
      },
      {
        runs: ctx.runs + 4,
        examples: [
          { total: 'exactly 500', over: 1, tags: 3, spaced: false },
          { total: 'exactly 500', over: 1, tags: 2, spaced: true },
          { total: 'over 500', over: 1, tags: 1, spaced: false },
          { total: 'over 500', over: 1, tags: 4, spaced: true },
        ],
        show: (c: TagsCase) => ['POST /upload a png', `POST /posts schedule on youtube with a photo and settings.tags: ${c.tags} tag(s) counting ${YOUTUBE_TAGS + (c.total === 'over 500' ? c.over : 0)}${c.spaced ? ', one holding a space' : ''}`],
      },
    );
  },
});
