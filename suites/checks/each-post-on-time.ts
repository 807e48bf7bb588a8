// each_post_at_its_time: posts scheduled out of time order in a workspace with nothing else queued each go out once their own time has passed, and not before.
import fc from 'fast-check';
import { futureDate, settingsArb, textSafe } from '../arbitraries/posts.ts';
import { unpriced, type ChannelInfo } from '../discover.ts';
import { documented } from '../documented.ts';
import { firstPostId, targetNow } from '../resources.ts';
import { ensure, got, register, show } from './registry.ts';

export const eachPostAtItsTime = register({
  name: 'each_post_at_its_time',
  area: 'posts',
  kind: 'property',
  description:
    'In a new paid workspace (control), three posts scheduled in an order that is not their time order are, as the clock moves past each time in turn, PUBLISHED exactly when their own time has passed: the earliest first, and a later one not before its time.',
  rule: 'Section 3: "on the schedule -> publication at the scheduled time -> PUBLISHED".',
  needs: { control: 'a new workspace and moving the clock' },
  async run(ctx) {
    const control = ctx.control!;
    await ctx.property(
      'each post at its own time',
      // Minutes ahead for the posts, in the order they are created; distinct, at least 4 minutes apart.
      fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { minLength: 3, maxLength: 3 }).map((xs) => xs.map((x) => x * 4)),
      async (minutes) => {
        const ws = await control.createWorkspace({ name: 'verify publication times', plan: 'paid' });
        const auth = { header: ws.apiKey };
        const listed = await ctx.api.read({ operationId: 'listIntegrations', auth }, 'the new workspace\'s channels');
        const ch = unpriced(await ctx.discover(), textSafe(documented(listed, 'listIntegrations', 200).map((c): ChannelInfo => ({ id: c.id, name: c.name, identifier: c.identifier, disabled: c.disabled, tools: [] }))))[0];
        if (!ch) return ctx.notVerified('a new workspace made through control has no free text channel to post on');
        const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
        const now = await targetNow(ctx);
        const posts: Array<{ id: string; at: number }> = [];
        for (const m of minutes) {
          const date = futureDate(now, 0, m);
          const e = await ctx.api.call({ operationId: 'createPosts', auth, body: { type: 'schedule', date, shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: [{ content: `due in ${m} minutes`, image: [] }], settings }] } });
          ensure(e.status === 200, { operation: 'createPosts', received: got(e), documented: '200 for a valid scheduled post', exchanges: [e] });
          posts.push({ id: firstPostId(e), at: Date.parse(date) });
        }
        for (const due of [...posts].sort((a, b) => a.at - b.at)) {
          await control.setClock({ now: new Date(due.at + 60_000).toISOString() });
          const list = await ctx.api.read({ operationId: 'listPosts', auth, query: { startDate: new Date(now - 86_400_000).toISOString(), endDate: new Date(now + 2 * 86_400_000).toISOString() } }, 'the new workspace\'s calendar');
          const listedPosts = documented(list, 'listPosts', 200).posts;
          const states = posts.map((p) => ({ ...p, state: listedPosts.find((x) => x.id === p.id)?.state }));
          const wrong = states.filter((p) => (p.at <= due.at) !== (p.state === 'PUBLISHED'));
          ensure(wrong.length === 0, {
            operation: 'createPosts',
            received: `a minute after ${new Date(due.at).toISOString()}: ${states.map((p) => `${p.id} due ${new Date(p.at).toISOString()} ${show(p.state)}`).join('; ')}`,
            documented: 'PUBLISHED exactly the posts whose time has passed ("publication at the scheduled time", section 3)',
            exchanges: [list],
          });
        }
      },
      { reset: true, examples: [[40, 80, 20]], show: (m: number[]) => [`state workspace.created {"plan": "paid"}`, `POST /posts schedule in ${m.join(', ')} minutes, in that order`, 'state clock.moved to a minute past each time in turn; GET /posts each time'] },
    );
  },
});
