// moved_post_keeps_its_time: a draft moved to the schedule is published at its time, and a scheduled post moved back to draft is not (control moves the clock).
import fc from 'fast-check';
import { futureDate, settingsArb } from '../arbitraries/posts.ts';
import { unpriced, record } from '../discover.ts';
import { channelsFor, findPost, firstPostId, targetNow } from '../resources.ts';
import type { KeyKind } from '../target.ts';
import { deliveriesTo, registerReceivers } from '../webhook-receivers.ts';
import { ensure, got, register, show } from './registry.ts';

interface Case {
  channel: number;
  /** Minutes from now the post is dated: soon, so nothing else the workspace holds falls due first. */
  minutes: number;
  from: 'draft' | 'schedule';
}

export const movedPostKeepsItsTime = register({
  name: 'moved_post_keeps_its_time',
  area: 'posts',
  kind: 'property',
  description:
    'A draft dated a few minutes ahead and moved to the schedule (PUT status schedule) is PUBLISHED once its time has passed, with one webhook request; a scheduled post moved back to draft is not published and sends none.',
  rule: 'Section 3: "draft -> PUT /posts/<id>/status with schedule -> on the schedule, at the post\'s time"; "on the schedule -> publication at the scheduled time -> PUBLISHED, One webhook request for the group"; "on the schedule -> PUT status draft -> draft"; section 6: "No events for ... drafts".',
  needs: { anyKey: ['paid', 'payg'], control: 'moving the clock and reading webhook deliveries' },
  async run(ctx) {
    const kind: KeyKind = ctx.has('paid') ? 'paid' : 'payg';
    const channels = unpriced(await ctx.discover(), await channelsFor(ctx, kind));
    if (channels.length === 0) ctx.notVerified(`the ${kind} workspace has no free text channel to post on`);
    const control = ctx.control!;
    await ctx.property(
      'a moved post keeps its time',
      fc.record({ channel: fc.nat({ max: channels.length - 1 }), minutes: fc.integer({ min: 2, max: 30 }), from: fc.constantFrom<Case['from']>('draft', 'schedule') }),
      async (c) => {
        const ch = channels[c.channel]!;
        const [hook] = await registerReceivers(ctx, kind, [{ name: 'moved', integrations: [ch.id] }]);
        const now = await targetNow(ctx);
        const date = futureDate(now, 0, c.minutes);
        const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
        const created = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type: c.from, date, shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: [{ content: `moved from ${c.from}`, image: [] }], settings }] } });
        ensure(created.status === 200, { operation: 'createPosts', received: got(created), documented: `200 for a valid ${c.from}`, exchanges: [created] });
        const postId = firstPostId(created);
        const to = c.from === 'draft' ? 'schedule' : 'draft';
        const moved = await ctx.api.call({ operationId: 'changePostStatus', path: { id: postId }, body: { status: to }, auth: { kind } });
        ensure(moved.status === 200, { operation: 'changePostStatus', received: got(moved), documented: `200: ${c.from} -> PUT status ${to} is a transition of section 3`, exchanges: [moved] });
        await control.advance((Date.parse(date) - now) / 1000 + 3 * 60);
        const post = await findPost(ctx, kind, postId, date);
        const sent = (await deliveriesTo(ctx, kind, [hook!])).filter((d) => Array.isArray(d.body) && d.body.some((p: unknown) => record(p)?.id === postId));
        const published = to === 'schedule';
        ensure(published ? post?.state === 'PUBLISHED' && sent.length === 1 : post?.state === 'DRAFT' && sent.length === 0, {
          operation: 'changePostStatus',
          received: `three minutes after its time: ${post ? `state ${show(post.state)}` : 'not on the calendar'}, ${sent.length} webhook request(s)`,
          documented: published ? 'PUBLISHED and one webhook request: moved to the schedule, it goes out "at the post\'s time"' : 'still DRAFT and no webhook request: moved back to draft, it is not published',
          exchanges: [created, moved],
        });
      },
      {
        reset: true,
        examples: [{ channel: 0, minutes: 5, from: 'draft' }],
        show: (c: Case) => [`state webhook.created on ${channels[c.channel]!.id}`, `POST /posts ${c.from} on ${channels[c.channel]!.id} in ${c.minutes} min`, `PUT /posts/<id>/status ${c.from === 'draft' ? 'schedule' : 'draft'}`, `state clock.moved +${c.minutes + 3} min; GET /posts; state deliveries`],
      },
    );
  },
});
