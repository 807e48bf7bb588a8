// settings_refused: a scheduled or immediate post missing a required setting, or with one outside its list, is refused with 400 naming the channel, and nothing is scheduled.
import fc from 'fast-check';
import { futureDate, settingsArb, textSafe } from '../arbitraries/posts.ts';
import type { ChannelInfo } from '../discover.ts';
import { targetNow } from '../resources.ts';
import { diff, snapshot } from '../snapshot.ts';
import type { KeyKind } from '../target.ts';
import { ensure, got, register, show } from './registry.ts';

/** Section 2.9's required fields of the text-safe providers, and a value outside the list where the field has one. */
const REQUIRED: Record<string, Array<{ field: string; outside?: string }>> = {
  x: [{ field: 'who_can_reply_post', outside: 'nobody' }],
  discord: [{ field: 'channel' }],
};

type Broken = { channel: ChannelInfo; type: 'schedule' | 'now'; field: string; how: 'left out' | 'outside its list'; outside?: string };

/** Every string in a body, so "naming the channel" can be looked for wherever the body shape puts it. */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(strings);
  return [];
}

export const settingsRefused = register({
  name: 'settings_refused',
  area: 'posts',
  kind: 'property',
  description: 'A scheduled or `now` post with a required setting left out, or a value outside its allowed list (x, discord), answers 400 naming the channel (its name or id) and nothing is scheduled.',
  rule: 'Section 2.9: "a missing required field or a value outside the allowed list answers 400 naming the channel and the problem, and nothing is scheduled"; section 7: the body may be {statusCode: 400, provider, name, message}.',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind: KeyKind = ctx.has('paid') ? 'paid' : 'payg';
    const d = await ctx.discover();
    const channels = textSafe(d.workspaces[kind]?.channels ?? []).filter((c) => REQUIRED[c.identifier]);
    if (channels.length === 0) ctx.notVerified(`the ${kind} workspace has no x or discord channel (the providers with a required setting a text post can carry)`);
    const broken: fc.Arbitrary<Broken> = fc
      .tuple(fc.constantFrom(...channels), fc.constantFrom<Broken['type']>('schedule', 'now'), fc.nat())
      .chain(([channel, type, n]) => {
        const { field, outside } = REQUIRED[channel.identifier]![n % REQUIRED[channel.identifier]!.length]!;
        const hows: Array<Broken['how']> = outside ? ['left out', 'outside its list'] : ['left out'];
        return fc.constantFrom(...hows).map((how) => ({ channel, type, field, how, outside }));
      });
    await ctx.property(
      'a post whose required setting is missing or outside its list is refused, naming the channel, and not scheduled',
      broken,
      async (b) => {
        const [valid] = fc.sample(settingsArb(b.channel.identifier), { seed: ctx.seed, numRuns: 1 });
        const settings: Record<string, unknown> = { ...valid };
        if (b.how === 'left out') delete settings[b.field];
        else settings[b.field] = b.outside;
        const now = await targetNow(ctx);
        const before = await snapshot(ctx.api, kind, now);
        const date = b.type === 'now' ? new Date(now).toISOString() : futureDate(now, 4, 17);
        const e = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type: b.type, date, shortLink: false, tags: [], posts: [{ integration: { id: b.channel.id }, value: [{ content: 'settings to be refused', image: [] }], settings }] } });
        const named = strings(e.responseBody).some((s) => s.includes(b.channel.name) || s.includes(b.channel.id));
        ensure(e.status === 400 && named, {
          operation: 'createPosts',
          received: e.status === 400 ? `400 not naming the channel "${b.channel.name}" (${b.channel.id}): ${show(e.responseBody)}` : got(e),
          documented: `400 naming the channel and the problem for a ${b.type} post with ${b.field} ${b.how} (section 2.9)`,
          exchanges: [e],
        });
        const after = await snapshot(ctx.api, kind, now);
        const changes = diff(before, after);
        ensure(changes.length === 0, { operation: 'createPosts', received: `after the 400: ${changes.join('; ')}`, documented: '"nothing is scheduled" (section 2.9)', exchanges: [e] });
      },
      {
        runs: Math.min(ctx.runs, 4),
        // Both breakages on the first channel every run, whatever the seed draws.
        examples: REQUIRED[channels[0]!.identifier]!.flatMap(({ field, outside }) => [
          { channel: channels[0]!, type: 'schedule', field, how: 'left out' },
          ...(outside ? [{ channel: channels[0]!, type: 'now', field, how: 'outside its list', outside }] : []),
        ]),
        show: (b: Broken) => [`POST /posts ${b.type} on ${b.channel.identifier} ${b.channel.id} with settings.${b.field} ${b.how === 'left out' ? 'left out' : `= ${JSON.stringify(b.outside)}`}`, 'GET /posts, /wallet, /media, /brief before and after'],
      },
    );
  },
});
