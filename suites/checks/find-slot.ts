// find_slot_next_free: GET /find-slot gives a time still to come, and once a post is scheduled at it, the next free slot is later.
import fc from 'fast-check';
import { settingsArb } from '../arbitraries/posts.ts';
import { documented } from '../documented.ts';
import { channelsFor, cleanupCreated, targetNow } from '../resources.ts';
import type { KeyKind } from '../target.ts';
import { ensure, got, register } from './registry.ts';

export const findSlotNextFree = register({
  name: 'find_slot_next_free',
  area: 'posts',
  kind: 'property',
  description:
    'GET /find-slot/<channel> answers a date after the present; a post scheduled on that channel at exactly that date takes the slot, and GET /find-slot then answers a later date, still to come.',
  rule: 'Section 4.1: GET /find-slot/<id> "Next free slot on the channel\'s posting schedule": a slot to come, free, and the first such; one that a scheduled post fills is no longer free, and the slots before it were not free either.',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    // The paid plan schedules without charging, so the slot can be filled whatever the channel's price.
    const kind: KeyKind = ctx.has('paid') ? 'paid' : 'payg';
    const channels = await channelsFor(ctx, kind);
    const slot = async (id: string, why: string) => {
      const e = await ctx.api.read({ operationId: 'findSlot', path: { id }, auth: { kind } }, why);
      return { e, at: Date.parse(documented(e, 'findSlot', 200).date) };
    };
    await ctx.property(
      'the next free slot is to come, and filling it moves it later',
      fc.nat(),
      async (pick) => {
        const ch = channels[pick % channels.length]!;
        const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed + pick, numRuns: 1 });
        const first = await slot(ch.id, `the next free slot of ${ch.id}`);
        const now = await targetNow(ctx);
        ensure(first.at > now - 1000, { operation: 'findSlot', received: `${got(first.e)} at ${new Date(now).toISOString()}`, documented: 'a date still to come: the next free slot', exchanges: [first.e] });
        const date = new Date(first.at).toISOString();
        const res = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type: 'schedule', date, shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: [{ content: 'in the free slot', image: [] }], settings }] } });
        if (res.status === 402) ctx.notVerified(`the ${kind} wallet does not cover a post on ${ch.id}`);
        ensure(res.status === 200, { operation: 'createPosts', received: got(res), documented: `200 for a valid post scheduled at the free slot ${date}`, exchanges: [res] });
        cleanupCreated(ctx, res, kind);
        const next = await slot(ch.id, `the next free slot of ${ch.id} once ${date} is taken`);
        ensure(next.at > first.at, {
          operation: 'findSlot',
          received: `${got(next.e)} after a post was scheduled at the slot it gave before, ${date}`,
          documented: `a date after ${date}: that slot is taken now, and no slot before it was free`,
          exchanges: [first.e, res, next.e],
        });
      },
      { reset: true, runs: Math.min(ctx.runs, 3), show: (pick: number) => [`GET /find-slot/${channels[pick % channels.length]!.id}`, 'POST /posts schedule at that date', 'GET /find-slot again'] },
    );
  },
});
