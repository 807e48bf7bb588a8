// settings_refused: a scheduled or immediate post breaking one of section 2.9's settings rules (a required field left out, a value outside its list, a length or number outside its bound, a combination a field's notes forbid), or carrying another provider's settings, is refused with 400 and nothing is scheduled; a missing field or an unlisted value is named, with the channel; settings that are null are refused too.
import fc from 'fast-check';
import { imageForm } from '../arbitraries/files.ts';
import { futureDate, textSafe } from '../arbitraries/posts.ts';
import type { ChannelInfo } from '../discover.ts';
import { documented } from '../documented.ts';
import { targetNow } from '../resources.ts';
import { diff, snapshot, type Snapshot } from '../snapshot.ts';
import { documentedProviders, type Breakage } from '../provider-settings.ts';
import type { KeyKind } from '../target.ts';
import { ensure, got, register, show } from './registry.ts';

/**
 * The table, read from the document (suites/provider-settings.ts): every required field, allowed list, bound and
 * combination rule section 2.9 gives, per provider whose settings schema states one. A provider whose fields are all
 * optional and unbounded (linkedin's, threads') has none, so no post of theirs breaks one and it has no part.
 */
function breakages(): Record<string, Breakage[]> {
  return Object.fromEntries([...documentedProviders().values()].filter((p) => p.breakages.length > 0).map((p) => [p.provider, p.breakages]));
}

/** Settings each provider of the table accepts (the document's first example): the valid post a breakage changes. */
function valid(provider: string): Record<string, unknown> | undefined {
  return documentedProviders().get(provider)?.examples[0];
}

/** One part per provider of the table, and one for settings null (sent to the first provider's channel there is). */
const NULL_PART = 'null';
const providers = () => [...Object.keys(breakages()), NULL_PART];

/**
 * Settings of another provider, with no required field of their own (section 2.9), so they lack the channel's: sent
 * only to a provider with a required field, so never to the provider they belong to.
 */
const other = (): Record<string, unknown> => [...documentedProviders().values()].find((p) => p.required.length === 0)?.examples[0] ?? { __type: 'another-provider' };

type Case =
  | { channel: ChannelInfo; type: 'schedule' | 'now'; how: Breakage['how']; breakage: Breakage }
  | { channel: ChannelInfo; type: 'schedule' | 'now'; how: "another provider's" | 'null'; breakage?: undefined };

/** Every string in a body, so "naming the channel" can be looked for wherever the body shape puts it. */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(strings);
  return [];
}

function settingsOf(c: Case): Record<string, unknown> | null {
  if (!c.breakage) return c.how === 'null' ? null : { ...other() };
  const settings: Record<string, unknown> = { ...valid(c.channel.identifier), ...c.breakage.set };
  if (c.how === 'left out') delete settings[c.breakage.field];
  return settings;
}

function describe(c: Case): string {
  if (!c.breakage) return c.how === 'null' ? 'settings null' : `settings ${JSON.stringify(other())}`;
  if (c.how === 'left out') return `settings.${c.breakage.field} left out`;
  return `settings ${show(c.breakage.set, 160)}`;
}

export const settingsRefused = register({
  name: 'settings_refused',
  area: 'posts',
  kind: 'property',
  description:
    "A scheduled or `now` post (with an uploaded photo, so no media rule answers first) breaking one of section 2.9's settings rules, every provider's in turn: a required field left out or a value outside its allowed list answers 400 naming the channel (its name or id) and the problem (the field, or the value refused); a title or volume outside its bound (tiktok title over 90, youtube title under 2 or over 100, discord title over 100, instagram volumes outside 0-100) or a combination the notes forbid (tiktok's brand toggles) answers 400; so does one carrying another provider's settings (linkedin's, which lack the channel's required field), and settings null; nothing is scheduled.",
  rule: 'Section 2.9: "A field marked required must be present when the post is scheduled or sent now; a missing required field or a value outside the allowed list answers 400 naming the channel and the problem, and nothing is scheduled", and each provider\'s table (TikTok title "Up to 90 characters", YouTube title "2 to 100 characters", Discord title "up to 100 characters", audio volumes "0-100", brand_content_toggle "cannot be combined with SELF_ONLY", disclose "at least one of the two brand toggles must be true"); section 8 (the same titles); section 7: 400 "Invalid request or validation failure"; section 2.4: settings is an object, "required unless type is draft".',
  needs: { anyKey: ['paid', 'payg'] },
  parts: providers,
  async run(ctx) {
    const kind: KeyKind = ctx.has('paid') ? 'paid' : 'payg';
    const d = await ctx.discover();
    const part = ctx.part;
    const table = breakages();
    // The first enabled channel of each provider the table covers (of this part's provider).
    const first = Object.keys(table).flatMap((p) => (d.workspaces[kind]?.channels ?? []).filter((c) => c.identifier === p && !c.disabled).slice(0, 1));
    if (first.length === 0) ctx.notVerified(`the ${kind} workspace has no enabled channel of a provider whose settings section 2.9 gives a rule for`);
    const channels = part === undefined || part === NULL_PART ? first : first.filter((c) => c.identifier === part);
    if (channels.length === 0) ctx.notVerified(`the ${kind} workspace has no enabled ${part} channel`);
    // Section 2.4: "Media is uploaded first"; with a photo on a post whose provider may want media, no rule about media
    // answers in a settings rule's place. A provider a text-only post is certainly valid on needs none, so a server
    // without uploads yet still gets a verdict on those.
    const needsPhoto = textSafe(channels).length < channels.length;
    let photo: { id: string; path: string } | undefined;
    if (needsPhoto) {
      const up = await ctx.api.call({ operationId: 'uploadMedia', auth: { kind }, body: imageForm('settings-refused.png') });
      ensure(up.status === 200, { operation: 'uploadMedia', received: got(up), documented: '200 Media for a png (section 4.3)', exchanges: [up] });
      const media = documented(up, 'uploadMedia', 200);
      ctx.cleanup(() => ctx.api.call({ operationId: 'deleteMedia', path: { id: media.id }, auth: { kind } }));
      photo = { id: media.id, path: media.path };
    }

    const rows = part === NULL_PART ? [] : channels;
    const cases: Case[] = rows.flatMap((channel) => [
      ...table[channel.identifier]!.map((breakage, j): Case => ({ channel, type: (Object.keys(table).indexOf(channel.identifier) + j) % 2 === 0 ? 'schedule' : 'now', how: breakage.how, breakage })),
      ...(table[channel.identifier]!.some((b) => b.how === 'left out') ? [{ channel, type: 'schedule', how: "another provider's" } as Case] : []),
    ]);
    if (part === undefined || part === NULL_PART) cases.push({ channel: channels[0]!, type: 'now', how: 'null' });
    let last: Snapshot | undefined;
    await ctx.property(
      'a post breaking a settings rule of section 2.9 is refused, and not scheduled',
      fc.tuple(fc.constantFrom(...cases), fc.constantFrom<Case['type']>('schedule', 'now')).map(([c, type]) => ({ ...c, type })),
      async (c) => {
        const now = await targetNow(ctx);
        // The state after the last refusal is the state before this one, if nothing has changed since.
        const before = last ?? (await snapshot(ctx.api, kind, now, ['posts']));
        last = undefined;
        const date = c.type === 'now' ? new Date(now).toISOString() : futureDate(now, 4, 17);
        const e = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type: c.type, date, shortLink: false, tags: [], posts: [{ integration: { id: c.channel.id }, value: [{ content: 'settings to be refused', image: photo ? [photo] : [] }], settings: settingsOf(c) }] } });
        const said = strings(e.responseBody);
        const pinned = c.how === 'left out' || c.how === 'outside its list' || c.how === "another provider's";
        const rule = c.breakage ? `${c.channel.identifier} ${c.breakage.rule}` : c.how === 'null' ? 'settings is an object (section 2.4)' : `${c.channel.identifier}'s required field is missing`;
        // Null settings, a bound and a forbidden combination are a validation failure (section 7): a 400 is all that is pinned.
        const named = !pinned || said.some((s) => s.includes(c.channel.name) || s.includes(c.channel.id));
        ensure(e.status === 400 && named, {
          operation: 'createPosts',
          received: e.status === 400 ? `400 not naming the channel "${c.channel.name}" (${c.channel.id}): ${show(e.responseBody)}` : got(e),
          documented: `400${pinned ? ' naming the channel' : ''} for a ${c.type} post on ${c.channel.identifier} with ${describe(c)} (section 2.9: "${rule}")`,
          exchanges: [e],
        });
        // The problem is named by the field left out, or by the field or the value outside its list.
        const clue = !c.breakage ? [] : c.how === 'left out' ? [c.breakage.field] : c.how === 'outside its list' ? [c.breakage.field, String(c.breakage.set![c.breakage.field])] : [];
        ensure(clue.length === 0 || said.some((s) => clue.some((k) => s.includes(k))), {
          operation: 'createPosts',
          received: `400 not naming the problem (no mention of ${clue.map((k) => `"${k}"`).join(' or ')}): ${show(e.responseBody)}`,
          documented: `400 naming the channel "and the problem" for a ${c.type} post with ${describe(c)} (section 2.9)`,
          exchanges: [e],
        });
        const after = await snapshot(ctx.api, kind, now, ['posts']);
        const changes = diff(before, after);
        ensure(changes.length === 0, { operation: 'createPosts', received: `after the 400: ${changes.join('; ')}`, documented: '"nothing is scheduled" (section 2.9)', exchanges: [e] });
        last = after;
      },
      {
        // Every row of the table once, whatever the seed draws (the examples run first, within the runs), then a few
        // more: one for a part, whose table is one provider's.
        runs: cases.length + Math.min(ctx.runs, part === undefined ? 4 : 1),
        examples: cases,
        show: (c: Case) => [...(photo ? ['POST /upload a png'] : []), `POST /posts ${c.type} on ${c.channel.identifier} ${c.channel.id}${photo ? ' with the photo' : ''} and ${describe(c)}`, 'GET /posts, /wallet, /media, /brief before and after'],
      },
    );
  },
});
