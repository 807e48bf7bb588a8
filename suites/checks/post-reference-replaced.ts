// post_reference_replaced: `(post:<id>)` in a post's text becomes the referenced post's live URL when the post publishes (control moves the clock).
import { unpriced } from '../discover.ts';
import fc from 'fast-check';
import { contentArb, futureDate, settingsArb } from '../arbitraries/posts.ts';
import { channelsFor, findPost, firstPostId, targetNow } from '../resources.ts';
import type { KeyKind } from '../target.ts';
import { ensure, got, register, show } from './registry.ts';

interface Case {
  /** Index into the workspace's text-safe channels, for the referenced post and the one referencing it. */
  first: number;
  second: number;
  /** Minutes after the referenced post that the referencing one is scheduled. */
  after: number;
  /** How many times the reference appears (every occurrence is replaced). */
  times: number;
  text: string;
}

export const postReferenceReplaced = register({
  name: 'post_reference_replaced',
  area: 'posts',
  kind: 'property',
  description: 'A scheduled post whose text holds (post:<id>) of a post scheduled before it is, once the referenced one is PUBLISHED, on the calendar PUBLISHED at its time with its text exactly as sent but every (post:<id>) replaced by that post\'s releaseURL.',
  rule: 'Section 2.4, item of value: "The text (post:<post_id>) is replaced with that post\'s live URL when this item publishes"; 2.3: releaseURL "Address of the live post on the network".',
  needs: { anyKey: ['paid', 'payg'], control: 'moving the clock past both posts' },
  async run(ctx) {
    // Paid first: nothing is charged there, so the wallet cannot stand in the way.
    const kind: KeyKind = ctx.has('paid') ? 'paid' : 'payg';
    const channels = unpriced(await ctx.discover(), await channelsFor(ctx, kind));
    if (channels.length === 0) ctx.notVerified(`the ${kind} workspace has no free text channel to post on`);
    const control = ctx.control!;
    const arb: fc.Arbitrary<Case> = fc.record({
      first: fc.nat({ max: channels.length - 1 }),
      second: fc.nat({ max: channels.length - 1 }),
      after: fc.integer({ min: 1, max: 45 }),
      times: fc.integer({ min: 1, max: 2 }),
      text: contentArb(60),
    });
    await ctx.property(
      'references become live URLs',
      arb,
      async (c) => {
        const a = channels[c.first]!;
        const b = channels[c.second]!;
        const now = await targetNow(ctx);
        const at = Date.parse(futureDate(now, 1, 0));
        const schedule = (ch: typeof a, date: number, content: string) =>
          ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type: 'schedule', date: new Date(date).toISOString(), shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: [{ content, image: [] }], settings: fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 })[0] }] } });
        const ra = await schedule(a, at, c.text);
        ensure(ra.status === 200, { operation: 'createPosts', received: got(ra), documented: '200 for a valid scheduled post', exchanges: [ra] });
        const refId = firstPostId(ra);
        const mark = `(post:${refId})`;
        const text = [c.text, ...Array.from({ length: c.times }, (_, i) => (i === 0 ? `see ${mark}` : `again ${mark}`))].join(' ');
        const rb = await schedule(b, at + c.after * 60_000, text);
        ensure(rb.status === 200, { operation: 'createPosts', received: got(rb), documented: '200 for a valid scheduled post whose text names another post', exchanges: [rb] });
        const postId = firstPostId(rb);
        await control.advance((at + c.after * 60_000 - now) / 1000 + 5 * 60);
        const ref = await findPost(ctx, kind, refId, new Date(at).toISOString());
        const post = await findPost(ctx, kind, postId, new Date(at).toISOString());
        if (ref?.state !== 'PUBLISHED' || typeof ref.releaseURL !== 'string') {
          return ctx.partial(`the referenced post was not published with a live URL five minutes after its time (${ref?.state ?? 'not listed'}, releaseURL ${show(ref?.releaseURL)}), so no replacement could be seen`);
        }
        // The referenced post is out, so nothing holds the other back: it goes out at its time (section 3).
        ensure(post?.state === 'PUBLISHED', {
          operation: 'createPosts',
          received: `five minutes after its time, the post naming ${mark} is ${post ? `in state ${show(post.state)}` : 'not on the calendar'}, though ${refId} is PUBLISHED`,
          documented: 'PUBLISHED: "on the schedule -> publication at the scheduled time -> PUBLISHED" (section 3)',
          exchanges: [ra, rb],
        });
        const content = String(post.content ?? '');
        const expected = text.split(mark).join(ref.releaseURL);
        ensure(content === expected, {
          operation: 'createPosts',
          received: `the published post's content ${show(content, 300)}`,
          documented: `${show(expected, 300)}: each ${mark} replaced with ${ref.releaseURL} and nothing else changed ("The text (post:<post_id>) is replaced with that post's live URL when this item publishes")`,
          exchanges: [ra, rb],
        });
      },
      {
        reset: true,
        show: (c: Case) => [
          `POST /posts schedule "${c.text}" on ${channels[c.first]!.id} tomorrow`,
          `POST /posts schedule "${c.text} see (post:<its id>)${c.times > 1 ? ' again (post:<its id>)' : ''}" on ${channels[c.second]!.id} ${c.after} min later`,
          'state clock.moved past both; GET /posts',
        ],
      },
    );
  },
});
