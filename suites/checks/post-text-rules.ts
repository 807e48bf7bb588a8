// empty_or_too_long_refused: section 7's two pinned post messages: an item with no text and no media, and text over the channel's maximum length, answer 400 with them and save nothing; text exactly at the maximum is accepted.
import fc from 'fast-check';
import { futureDate, settingsArb, textSafe } from '../arbitraries/posts.ts';
import { record, type ChannelInfo } from '../discover.ts';
import { cleanupCreated, targetNow } from '../resources.ts';
import { diff, snapshot } from '../snapshot.ts';
import type { KeyKind } from '../target.ts';
import { ensure, got, register, show } from './registry.ts';

const EMPTY = 'Your post should have at least one character or one image.';
const TOO_LONG = 'post is too long, please fix it';

interface Case {
  channel: ChannelInfo;
  type: 'draft' | 'schedule' | 'now';
  /** Which item of a thread of `items` carries the text under test. */
  items: number;
  at: number;
  what: 'empty' | 'over' | 'at' | 'link over';
  /** Characters over the maximum, for `over` and `link over`. */
  over: number;
}

/** Plain lowercase words and single spaces: no links, no markup, no entities, so every way of counting gives `n`. */
function plainText(n: number): string {
  const words = 'spring launch bakery fresh bread today market coffee morning';
  let s = '';
  while (s.length < n) s += (s ? ' ' : '') + words;
  s = s.slice(0, n);
  return s.endsWith(' ') ? `${s.slice(0, -1)}x` : s;
}

/**
 * Plain words then a link of `over` + 37 characters, `n` characters in all: counting the link as 23 characters (as the
 * field notes say x does) would take `over` + 14 off, bringing a text `over` characters too long under the maximum.
 */
function textWithLink(n: number, over: number): string {
  const link = `https://example.com/spring/${'a'.repeat(over + 10)}`;
  return `${plainText(n - link.length - 1)} ${link}`;
}

/** The messages of an error body (`message` is a string or an array of strings); judged here, so read as unknown. */
const messages = (body: unknown): string[] => {
  const message = record(body)?.message;
  return (Array.isArray(message) ? message : [message]).filter((m: unknown): m is string => typeof m === 'string');
};

export const emptyOrTooLongRefused = register({
  name: 'empty_or_too_long_refused',
  area: 'posts',
  kind: 'property',
  description:
    'A draft, scheduled or `now` post one of whose items has no text and no image answers 400 "Your post should have at least one character or one image.", one with plain text over the channel\'s maxLength (GET /integration-settings) answers 400 "post is too long, please fix it", and so does one on a channel other than x over it because of a link (counted as written: shortLink false), and none saves anything; plain text exactly maxLength long is accepted.',
  rule: 'Section 7: "A post with no text and no media: Your post should have at least one character or one image. (400)"; "Text over the channel\'s maximum length: post is too long, please fix it (400)"; section 2.10: output.maxLength; section 2.4: shortLink "Shorten links in the content" (false here). No channel but x counts a link otherwise, and x only in the field notes, so x is left out of the link case.',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    // Paid first: nothing is charged there, so the wallet never answers in the length rule's place.
    const kind: KeyKind = ctx.has('paid') ? 'paid' : 'payg';
    const d = await ctx.discover();
    const channels = textSafe(d.workspaces[kind]?.channels ?? []).filter((c) => Number.isInteger(c.maxLength) && c.maxLength! > 0 && c.maxLength! <= 5000);
    if (channels.length === 0) ctx.notVerified(`no channel of the ${kind} workspace gives a maxLength (GET /integration-settings) a text post can reach`);
    // A link counts as written everywhere but on x, whose counting only the field notes give (a link as 23 characters):
    // the reference gives no channel another way to count it, and with shortLink false nothing shortens it.
    const linkChannels = channels.filter((c) => c.identifier !== 'x' && c.maxLength! >= 100);
    const linkedin = linkChannels.find((c) => c.identifier === 'linkedin') ?? linkChannels[0];
    const arb: fc.Arbitrary<Case> = fc
      .record({
        channel: fc.constantFrom(...channels),
        type: fc.constantFrom<Case['type']>('draft', 'schedule', 'now'),
        items: fc.integer({ min: 1, max: 3 }),
        at: fc.nat(),
        what: fc.constantFrom<Case['what']>('empty', 'over', 'at', ...(linkedin ? (['link over'] as const) : [])),
        over: fc.integer({ min: 1, max: 40 }),
      })
      .map((c) => ({ ...c, at: c.at % c.items, channel: c.what === 'link over' && !linkChannels.includes(c.channel) ? linkChannels[c.at % linkChannels.length]! : c.channel }));
    // Each rule once on the first channel every run, whatever the seed draws (the examples run first, within the runs);
    // an empty item after a non-empty one too, and the link case on linkedin.
    const examples: Case[] = [
      { channel: channels[0]!, type: 'schedule', items: 1, at: 0, what: 'empty', over: 1 },
      { channel: channels[0]!, type: 'draft', items: 2, at: 1, what: 'empty', over: 1 },
      { channel: channels[0]!, type: 'draft', items: 2, at: 1, what: 'over', over: 1 },
      { channel: channels[0]!, type: 'draft', items: 1, at: 0, what: 'at', over: 1 },
      ...(linkedin ? [{ channel: linkedin, type: 'schedule' as const, items: 1, at: 0, what: 'link over' as const, over: 1 }] : []),
    ];
    await ctx.property(
      'empty and over-long items are refused with the documented message',
      arb,
      async (c) => {
        const max = c.channel.maxLength!;
        const text = c.what === 'empty' ? '' : c.what === 'link over' ? textWithLink(max + c.over, c.over) : plainText(c.what === 'over' ? max + c.over : max);
        const value = Array.from({ length: c.items }, (_, i) => ({ content: i === c.at ? text : `item ${i + 1}`, image: [] }));
        const now = await targetNow(ctx);
        const before = await snapshot(ctx.api, kind, now, ['posts']);
        const date = c.type === 'now' ? new Date(now).toISOString() : futureDate(now, 4, 23);
        const [settings] = fc.sample(settingsArb(c.channel.identifier), { seed: ctx.seed, numRuns: 1 });
        const e = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type: c.type, date, shortLink: false, tags: [], posts: [{ integration: { id: c.channel.id }, value, settings }] } });
        if (c.what === 'at') {
          if (e.status === 402) return ctx.partial(`a ${max}-character ${c.type} post on ${c.channel.identifier} met the wallet (402), so the maximum itself was not tried`);
          ensure(e.status === 200, { operation: 'createPosts', received: got(e), documented: `200: an item of exactly maxLength ${max} characters is not "over the channel's maximum length"`, exchanges: [e] });
          cleanupCreated(ctx, e, kind);
          return;
        }
        const expected = c.what === 'empty' ? EMPTY : TOO_LONG;
        ensure(e.status === 400 && messages(e.responseBody).includes(expected), {
          operation: 'createPosts',
          received: e.status === 400 ? `400 ${show(e.responseBody)}` : got(e),
          documented: `400 with message "${expected}" for item ${c.at + 1} of ${c.items} ${c.what === 'empty' ? 'with no text and no image' : `${max + c.over} characters long${c.what === 'link over' ? ' counting its link as written (shortLink false; the reference counts no link otherwise on a channel other than x)' : ''}, maxLength ${max}`} (section 7)`,
          exchanges: [e],
        });
        const changes = diff(before, await snapshot(ctx.api, kind, now, ['posts']));
        ensure(changes.length === 0, { operation: 'createPosts', received: `after the 400: ${changes.join('; ')}`, documented: 'nothing saved by a refused request', exchanges: [e] });
      },
      {
        runs: examples.length + Math.min(ctx.runs, 4),
        examples,
        show: (c: Case) => [`POST /posts ${c.type} on ${c.channel.identifier} ${c.channel.id}, ${c.items} item(s), item ${c.at + 1} ${c.what === 'empty' ? 'empty' : `${c.what === 'at' ? c.channel.maxLength : c.channel.maxLength! + c.over} characters${c.what === 'link over' ? `, ${c.over + 37} of them a link` : ''}`}`, 'GET /posts, /wallet, /media, /brief before and after'],
      },
    );
  },
});
