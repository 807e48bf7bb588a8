// settings_refused: a scheduled or immediate post missing a required setting, with one outside its list, or carrying another provider's settings, is refused with 400 naming the channel and the problem, and nothing is scheduled; settings that are null are refused too.
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

/** Settings of another provider, with no required field of their own (section 2.9), so they lack the channel's. */
const OTHER = { __type: 'linkedin' };

type How = 'left out' | 'outside its list' | "another provider's" | 'null';
type Broken = { channel: ChannelInfo; type: 'schedule' | 'now'; field: string; how: How; outside?: string };

/** Every string in a body, so "naming the channel" can be looked for wherever the body shape puts it. */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(strings);
  return [];
}

function describe(b: Broken): string {
  if (b.how === 'null') return 'settings null';
  if (b.how === "another provider's") return `settings ${JSON.stringify(OTHER)} (no ${b.field})`;
  return `settings.${b.field} ${b.how === 'left out' ? 'left out' : `= ${JSON.stringify(b.outside)}`}`;
}

export const settingsRefused = register({
  name: 'settings_refused',
  area: 'posts',
  kind: 'property',
  description:
    "A scheduled or `now` post with a required setting left out, or a value outside its allowed list (x, discord), answers 400 naming the channel (its name or id) and the problem (the field's name, or the value refused), and nothing is scheduled; so does one carrying another provider's settings (linkedin's, which lack the channel's required field); settings null answer 400 and schedule nothing.",
  rule: 'Section 2.9: "Each entry of posts carries settings with __type naming the provider. A field marked required must be present when the post is scheduled or sent now; a missing required field or a value outside the allowed list answers 400 naming the channel and the problem, and nothing is scheduled"; section 2.4: settings is an object, "required unless type is draft"; section 7: the body may be {statusCode: 400, provider, name, message}.',
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
        const hows: How[] = outside ? ['left out', 'outside its list', "another provider's", 'null'] : ['left out', "another provider's", 'null'];
        return fc.constantFrom(...hows).map((how) => ({ channel, type, field, how, outside }));
      });
    await ctx.property(
      'a post whose required setting is missing or outside its list is refused, naming the channel, and not scheduled',
      broken,
      async (b) => {
        const [valid] = fc.sample(settingsArb(b.channel.identifier), { seed: ctx.seed, numRuns: 1 });
        let settings: Record<string, unknown> | null = { ...valid };
        if (b.how === 'left out') delete settings[b.field];
        else if (b.how === 'outside its list') settings[b.field] = b.outside;
        else settings = b.how === 'null' ? null : { ...OTHER };
        const now = await targetNow(ctx);
        const before = await snapshot(ctx.api, kind, now);
        const date = b.type === 'now' ? new Date(now).toISOString() : futureDate(now, 4, 17);
        const e = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type: b.type, date, shortLink: false, tags: [], posts: [{ integration: { id: b.channel.id }, value: [{ content: 'settings to be refused', image: [] }], settings }] } });
        const said = strings(e.responseBody);
        // Null settings are an invalid request (section 7), not one of section 2.9's settings problems: a 400 is all that is pinned.
        const named = b.how === 'null' || said.some((s) => s.includes(b.channel.name) || s.includes(b.channel.id));
        ensure(e.status === 400 && named, {
          operation: 'createPosts',
          received: e.status === 400 ? `400 not naming the channel "${b.channel.name}" (${b.channel.id}): ${show(e.responseBody)}` : got(e),
          documented: `400${b.how === 'null' ? '' : ' naming the channel'} for a ${b.type} post with ${describe(b)} (section 2.9)`,
          exchanges: [e],
        });
        // The problem is named by the field left out, or by the field or the value outside its list.
        const clue = b.how === 'left out' ? [b.field] : b.how === 'outside its list' ? [b.field, b.outside!] : [];
        ensure(clue.length === 0 || said.some((s) => clue.some((c) => s.includes(c))), {
          operation: 'createPosts',
          received: `400 not naming the problem (no mention of ${clue.map((c) => `"${c}"`).join(' or ')}): ${show(e.responseBody)}`,
          documented: `400 naming the channel "and the problem" for a ${b.type} post with ${describe(b)} (section 2.9)`,
          exchanges: [e],
        });
        const after = await snapshot(ctx.api, kind, now);
        const changes = diff(before, after);
        ensure(changes.length === 0, { operation: 'createPosts', received: `after the 400: ${changes.join('; ')}`, documented: '"nothing is scheduled" (section 2.9)', exchanges: [e] });
      },
      {
        // Each breakage on the first channel every run, whatever the seed draws; the examples run first, within the runs.
        runs: Math.min(ctx.runs, 4) + 2 * REQUIRED[channels[0]!.identifier]!.length + 2,
        examples: REQUIRED[channels[0]!.identifier]!.flatMap(({ field, outside }) => [
          { channel: channels[0]!, type: 'schedule', field, how: 'left out' },
          ...(outside ? [{ channel: channels[0]!, type: 'now', field, how: 'outside its list', outside }] : []),
          { channel: channels[0]!, type: 'schedule', field, how: "another provider's" },
          { channel: channels[0]!, type: 'now', field, how: 'null' },
        ]),
        show: (b: Broken) => [`POST /posts ${b.type} on ${b.channel.identifier} ${b.channel.id} with ${describe(b)}`, 'GET /posts, /wallet, /media, /brief before and after'],
      },
    );
  },
});
