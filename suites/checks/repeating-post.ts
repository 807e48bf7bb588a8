// repeating_post_repeats: a post scheduled with `inter` n is published again n days later, and a post without it only once (control moves the clock and reads webhook deliveries).
import fc from 'fast-check';
import { futureDate, settingsArb } from '../arbitraries/posts.ts';
import { textSafe } from '../arbitraries/posts.ts';
import type { Delivery } from '../control.ts';
import { unpriced, record, type ChannelInfo } from '../discover.ts';
import { documented } from '../documented.ts';
import { targetNow } from '../resources.ts';
import { receiverUrl } from '../webhook-receivers.ts';
import { ensure, got, register, show } from './registry.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const repeatingPost = register({
  name: 'repeating_post_repeats',
  area: 'posts',
  kind: 'property',
  description:
    'In a new paid workspace (control), a post scheduled with inter = n (1 to 3) is published once at its time, not again before n days have passed, and again (same content) once they have; a post beside it without inter is published once. Publications are counted by the webhook covering the channel.',
  rule: 'Section 2.4: "inter | integer | Repeat the post every n days"; section 6: "Trigger: a post is published on a channel. One POST request is sent to each webhook that covers that channel."',
  needs: { control: 'a new workspace, moving the clock by days and reading webhook deliveries' },
  async run(ctx) {
    // A new paid workspace each run: nothing is charged, and no post but these two is queued there, so nothing else
    // falling due can carry an occurrence out that the scheduler was not told of.
    const control = ctx.control!;
    await ctx.property(
      'published again every inter days',
      fc.record({ channel: fc.nat(), inter: fc.integer({ min: 1, max: 3 }), minutes: fc.integer({ min: 1, max: 600 }) }),
      async ({ channel, inter, minutes }) => {
        const ws = await control.createWorkspace({ name: 'verify repeating posts', plan: 'paid' });
        const auth = { header: ws.apiKey };
        const listed = await ctx.api.read({ operationId: 'listIntegrations', auth }, 'the new workspace\'s channels');
        const channels = unpriced(await ctx.discover(), textSafe(documented(listed, 'listIntegrations', 200).map((c): ChannelInfo => ({ id: c.id, name: c.name, identifier: c.identifier, disabled: c.disabled, tools: [] }))));
        if (channels.length === 0) ctx.notVerified('a new workspace made through control has no free text channel to post on');
        const ch = channels[channel % channels.length]!;
        await control.setLimits({ allowLoopbackWebhooks: true });
        const hook = await control.createWebhook(ws.id, { name: 'repeats', url: receiverUrl('repeats'), integrations: [ch.id] });
        const now = await targetNow(ctx);
        const at = Date.parse(futureDate(now, 0, minutes));
        const settings = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 })[0];
        const post = (content: string, repeat?: number) =>
          ctx.api.call({ operationId: 'createPosts', auth, body: { type: 'schedule', date: new Date(at).toISOString(), shortLink: false, tags: [], ...(repeat ? { inter: repeat } : {}), posts: [{ integration: { id: ch.id }, value: [{ content, image: [] }], settings }] } });
        const repeating = await post(`every ${inter} day(s)`, inter);
        const once = await post('only once');
        ensure(repeating.status === 200 && once.status === 200, { operation: 'createPosts', received: `${got(repeating)}; ${got(once)}`, documented: '200 for two valid scheduled posts, one with inter', exchanges: [repeating, once] });
        const count = (ds: Delivery[], content: string) => ds.filter((d) => Array.isArray(d.body) && d.body.some((p: unknown) => record(p)?.content === content)).length;
        const seen = async () => {
          const ds = (await control.deliveries(ws.id)).filter((d) => !d.test && d.webhookId === hook.id);
          return { repeats: count(ds, `every ${inter} day(s)`), once: count(ds, 'only once'), all: ds };
        };

        await control.advance((at - now) / 1000 + 60);
        const first = await seen();
        ensure(first.repeats === 1 && first.once === 1, {
          operation: 'webhooks',
          received: `a minute after their time: ${first.repeats} publication(s) of the repeating post, ${first.once} of the other`,
          documented: 'each published once at its time (one webhook request per publication)',
          exchanges: [repeating, once],
        });
        await control.advance((inter * DAY - 2 * 60 * MINUTE) / 1000);
        const early = await seen();
        ensure(early.repeats === 1, {
          operation: 'webhooks',
          received: `${early.repeats} publication(s) of the repeating post two hours before ${inter} day(s) had passed`,
          documented: `one: "Repeat the post every ${inter} days", not sooner`,
          exchanges: [repeating],
        });
        await control.advance((2 * 60 + 5) * 60);
        const later = await seen();
        ensure(later.repeats === 2 && later.once === 1, {
          operation: 'webhooks',
          received: `${inter} day(s) and 5 minutes after the first publication: ${later.repeats} publication(s) of the repeating post, ${later.once} of the post without inter (${show(later.all.map((d) => d.body), 300)})`,
          documented: `the repeating post published again ("Repeat the post every ${inter} days"), the other still once`,
          exchanges: [repeating, once],
        });
      },
      {
        reset: true,
        show: (c: { channel: number; inter: number; minutes: number }) => [
          `state workspace.created {"plan": "paid"}; state webhook.created on its channel no. ${c.channel}`,
          `POST /posts schedule "every ${c.inter} day(s)" with inter ${c.inter}, and "only once" without, ${c.minutes} min from now`,
          `state clock.moved past their time, then to 2 hours before ${c.inter} day(s) later, then 5 minutes past it; state deliveries each time`,
        ],
      },
    );
  },
});
