// hourly_post_limit: over the (unshown) hourly figure POST /posts answers 429, and after the hour the client may post again.
import { createPostsBody, futureDate } from '../arbitraries/posts.ts';
import fc from 'fast-check';
import { channelsFor, targetNow } from '../resources.ts';
import { ensure, got, register } from './registry.ts';

export const hourlyPostLimit = register({
  name: 'hourly_post_limit',
  area: 'limits',
  kind: 'property',
  description: 'With the limit set low through control, POST /posts requests spread over one clock hour (15 minutes apart, from the hour) answer 429 past it, and are accepted again an hour later.',
  rule: 'Section 8: "POST /posts is limited per workspace per hour; over the limit the answer is 429, and the client waits and retries. The numeric limit: not shown."',
  needs: { anyKey: ['paid', 'payg'], control: 'setting a known limit and moving the clock an hour (the figure is not shown)' },
  async run(ctx) {
    const kind = ctx.has('paid') ? 'paid' : 'payg';
    const control = ctx.control!;
    const limit = 3;
    await control.setLimits({ postsPerHour: limit });
    try {
      const [ch] = await channelsFor(ctx, kind);
      const now = await targetNow(ctx);
      const [body] = fc.sample(createPostsBody({ type: 'draft', channels: [ch!], date: futureDate(now, 2) }), { seed: ctx.seed, numRuns: 1 });
      // The requests start on the hour and are spread over it, 15 minutes apart: one hour counted from the first
      // request and the clock hour hold them alike, and a window much shorter than an hour lets the last one through.
      await control.advance(3600 - (Math.floor(now / 1000) % 3600));
      for (let i = 0; i < limit; i++) {
        const e = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body, expect429: true });
        ensure(e.status === 200, { operation: 'createPosts', received: got(e), documented: `200 for request ${i + 1} of ${limit} in the hour`, exchanges: [e] });
        await control.advance(15 * 60);
      }
      const over = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body, expect429: true });
      ensure(over.status === 429, { operation: 'createPosts', received: got(over), documented: `429 for request ${limit + 1} with the limit at ${limit} per hour, ${limit * 15} minutes after the first`, exchanges: [over] });
      await control.advance(3601);
      const again = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body, expect429: true });
      ensure(again.status === 200, { operation: 'createPosts', received: got(again), documented: '200 after waiting an hour ("the client waits and retries")', exchanges: [again] });
    } finally {
      await control.setLimits({ postsPerHour: 90 });
    }
  },
});
