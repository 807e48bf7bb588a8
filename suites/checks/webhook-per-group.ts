// webhook_per_group: a published group sends one request to each webhook covering its channel, once its whole chain is out.
import fc from 'fast-check';
import { contentArb, settingsArb } from '../arbitraries/posts.ts';
import type { Delivery } from '../control.ts';
import { unpriced, record } from '../discover.ts';
import { documented } from '../documented.ts';
import { channelsFor, findPost, firstPostId, targetNow } from '../resources.ts';
import type { KeyKind } from '../target.ts';
import { deliveriesTo, registerReceivers } from '../webhook-receivers.ts';
import { CheckFailed, ensure, got, register, show } from './registry.ts';

const MINUTE = 60_000;

interface Case {
  type: 'schedule' | 'now';
  /** The post, then each thread item with its delay in minutes. */
  delays: number[];
  contents: string[];
  /** Sends on the channel fail (control): no event for a failed publish. */
  failing: boolean;
  /** A draft on the same channel at the same time: no event for drafts. */
  draft: boolean;
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    type: fc.constantFrom<'schedule' | 'now'>('schedule', 'now'),
    delays: fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 0, maxLength: 3 }),
    failing: fc.boolean(),
    draft: fc.boolean(),
  })
  .chain((c) => fc.array(contentArb(200), { minLength: c.delays.length + 1, maxLength: c.delays.length + 1 }).map((contents) => ({ ...c, delays: [0, ...c.delays], contents })))
  .map((c) => ({ ...c, failing: c.type === 'schedule' && c.failing }));

function describe(c: Case): string[] {
  const thread = c.delays.length > 1 ? ` with ${c.delays.length - 1} thread item(s) after ${c.delays.slice(1).join('/')} min` : '';
  return [
    'state webhook.created: A on all channels, B on the post\'s channel, C on another channel',
    `POST /posts ${c.type}${thread}${c.draft ? ', and a draft at the same time' : ''}${c.failing ? ' on a channel whose sends fail (control)' : ''}`,
    'state clock.moved to just before the last item is due, then past it; state deliveries each time',
  ];
}

export const webhookPerGroup = register({
  name: 'webhook_per_group',
  area: 'webhooks',
  kind: 'property',
  description:
    'A published post (with its thread items) sends exactly one request to each webhook covering its channel, none before the last item is out, none to other webhooks, none for drafts or failed sends; the body is an array of one object describing the first post, its releaseURL the one GET /posts gives it, its integration the channel with a name and a type social or article.',
  rule: 'Section 6: "One POST request is sent to each webhook that covers that channel"; "A thread or comment chain sends one request, describing the first post of the group, once the whole chain is out"; "No events for ... drafts or failed publishes"; "a real delivery holds one object"; the payload object: "integration | object | id, name, providerIdentifier ..., picture, type (social or article)".',
  needs: { anyKey: ['paid', 'payg'], control: 'webhooks are configured in the app and deliveries are read through control' },
  async run(ctx) {
    const kind: KeyKind = ctx.has('paid') ? 'paid' : 'payg';
    const channels = await channelsFor(ctx, kind);
    const ch = unpriced(await ctx.discover(), channels)[0] ?? channels[0]!;
    const other = (await ctx.discover()).workspaces[kind]!.channels.find((c) => c.id !== ch.id);
    const [settings] = fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 });
    const control = ctx.control!;
    await ctx.property(
      'one delivery per covering webhook per group, after the chain',
      caseArb,
      async (c) => {
        const hooks = await registerReceivers(ctx, kind, [
          { name: 'all', integrations: 'all' },
          { name: 'this-channel', integrations: [ch.id] },
          ...(other ? [{ name: 'other-channel', integrations: [other.id] }] : []),
        ]);
        const covering = hooks.filter((h) => h.name !== 'other-channel');
        const now = await targetNow(ctx);
        const date = c.type === 'now' ? now : now + 24 * 60 * MINUTE;
        const value = c.contents.map((content, i) => (i === 0 ? { content, image: [] } : { content, image: [], delay: c.delays[i] }));
        if (c.failing) await control.setChannelFailure(ch.id, true);
        const created = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type: c.type, date: new Date(date).toISOString(), shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value, settings }] } });
        ensure(created.status === 200, { operation: 'createPosts', received: got(created), documented: `200 for a valid ${c.type} post`, exchanges: [created] });
        const postId = firstPostId(created);
        let draftId: string | undefined;
        if (c.draft) {
          const d = await ctx.api.call({ operationId: 'createPosts', auth: { kind }, body: { type: 'draft', date: new Date(date).toISOString(), shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: [{ content: 'draft', image: [] }], settings }] } });
          ensure(d.status === 200, { operation: 'createPosts', received: got(d), documented: '200 for a draft', exchanges: [d] });
          draftId = documented(d, 'createPosts', 200)[0]?.postId;
        }
        const chain = c.delays.reduce((a, b) => a + b, 0) * MINUTE;
        const lastDue = date + chain;

        // Before the chain is out: nothing. `now` with no thread is out at once, so there is no "before".
        if (!(c.type === 'now' && chain === 0)) {
          const before = lastDue - MINUTE - (await targetNow(ctx));
          if (before > 0) await control.advance(before / 1000);
          const early = await deliveriesTo(ctx, kind, hooks);
          ensure(early.length === 0, {
            operation: 'webhooks',
            received: `${early.length} delivery(ies) a minute before the last item of the chain was due: ${show(early.map((d) => d.body), 300)}`,
            documented: 'none yet: "A thread or comment chain sends one request ... once the whole chain is out"',
            exchanges: [created],
          });
          await control.advance(2 * 60);
        }
        const ofPost = (ds: Delivery[]) => ds.filter((d) => Array.isArray(d.body) && d.body.some((p: unknown) => record(p)?.id === postId));
        // A server that sends from a queue delivers a moment after the publication: wait for a request to each
        // covering webhook (bounded by the publish wait), then judge all that came. A failed send has none to wait for.
        const sent = c.failing ? await deliveriesTo(ctx, kind, hooks) : await ctx.eventually(() => deliveriesTo(ctx, kind, hooks), (ds) => covering.every((h) => ofPost(ds).some((d) => d.webhookId === h.id)));
        if (draftId) {
          const forDraft = sent.filter((d) => Array.isArray(d.body) && d.body.some((p) => record(p)?.id === draftId));
          ensure(forDraft.length === 0, { operation: 'webhooks', received: `${forDraft.length} delivery(ies) for the draft ${draftId}`, documented: 'none: "No events for ... drafts"', exchanges: [created] });
        }
        if (c.failing) {
          ensure(sent.length === 0, { operation: 'webhooks', received: `${sent.length} delivery(ies) after a failed send: ${show(sent.map((d) => d.body), 300)}`, documented: 'none: "No events for ... failed publishes"', exchanges: [created] });
          return;
        }
        const unexpected = sent.filter((d) => !covering.some((h) => h.id === d.webhookId));
        ensure(unexpected.length === 0, {
          operation: 'webhooks',
          received: `${unexpected.length} delivery(ies) to the webhook covering only another channel`,
          documented: '"One POST request is sent to each webhook that covers that channel", and to no other',
          exchanges: [created],
        });
        // The calendar's releaseURL is the same post's "Address of the live post on the network" (section 2.3).
        const listed = await findPost(ctx, kind, postId, new Date(date).toISOString());
        const live = listed?.releaseURL;
        for (const hook of covering) {
          const to = sent.filter((d) => d.webhookId === hook.id);
          ensure(to.length === 1, {
            operation: 'webhooks',
            received: `${to.length} request(s) to the webhook covering ${hook.integrations === 'all' ? 'all channels' : 'this channel'} for a group of ${c.delays.length} item(s): ${show(to.map((d) => d.body), 400)}`,
            documented: 'exactly one: "A thread or comment chain sends one request, describing the first post of the group, once the whole chain is out"',
            exchanges: [created],
          });
          const body = to[0]!.body;
          const item = Array.isArray(body) && body.length === 1 ? body[0] : undefined;
          const problems = [
            item ? '' : `a body of ${Array.isArray(body) ? body.length : 'no'} object(s) ("The body is a JSON array; a real delivery holds one object")`,
            item && item.id !== postId ? `id ${show(item.id)} instead of the first post ${postId} ("describing the first post of the group")` : '',
            item && item.state !== 'PUBLISHED' ? `state ${show(item.state)} ("PUBLISHED for a delivery")` : '',
            item && item.integration?.id !== ch.id ? `integration.id ${show(item.integration?.id)} instead of ${ch.id}` : '',
            item && item.integration?.providerIdentifier !== ch.identifier ? `integration.providerIdentifier ${show(item.integration?.providerIdentifier)} instead of ${ch.identifier} ("the provider")` : '',
            // The rest of the integration object: `name` and `type` as the table gives them; `picture` is the channel's
            // avatar, optional on the channel itself (section 2.1), so only its type is held when it is sent.
            item && typeof item.integration?.name !== 'string' ? `integration.name ${show(item.integration?.name)} (the integration object carries a name)` : '',
            item && item.integration?.type !== 'social' && item.integration?.type !== 'article' ? `integration.type ${show(item.integration?.type)} ("social or article")` : '',
            item && item.integration && 'picture' in item.integration && item.integration.picture !== null && typeof item.integration.picture !== 'string' ? `integration.picture ${show(item.integration.picture)} (the channel's avatar: a string or null)` : '',
            item && listed && item.content !== listed.content ? `content ${show(item.content, 120)}, the calendar giving ${show(listed.content, 120)} ("Post text as stored")` : '',
            item && (typeof item.releaseURL !== 'string' || item.releaseURL !== live) ? `releaseURL ${show(item.releaseURL)}, the calendar giving ${show(live)} ("Address of the live post", as GET /posts has it)` : '',
            item && c.type === 'schedule' && Date.parse(item.publishDate) !== date ? `publishDate ${show(item.publishDate)} instead of ${new Date(date).toISOString()} ("Publish date-time on the calendar")` : '',
          ].filter(Boolean);
          if (problems.length > 0) throw new CheckFailed({ operation: 'webhooks', received: `payload ${show(body, 400)}: ${problems.join('; ')}`, documented: 'section 6 payload: id, content, publishDate, releaseURL, state PUBLISHED, integration {id, name, providerIdentifier, picture, type}', exchanges: [created] });
        }
        // Sent once: time going on adds nothing ("No retries: each request is sent once").
        await control.advance(3600);
        const later = ofPost(await deliveriesTo(ctx, kind, hooks));
        ensure(later.length === covering.length, { operation: 'webhooks', received: `${later.length} requests for the group an hour later`, documented: `still ${covering.length}: "each request is sent once"`, exchanges: [created] });
      },
      {
        reset: true,
        runs: Math.min(ctx.runs, 6),
        examples: [
          { type: 'schedule', delays: [0, 5, 5], contents: ['first', 'second', 'third'], failing: false, draft: true },
          // A failed send on every run of two cases or more (the examples count among the runs): drawn at random it is
          // a case in four, and a short run could miss it.
          { type: 'schedule', delays: [0, 5], contents: ['fails', 'never follows'], failing: true, draft: false },
          { type: 'now', delays: [0], contents: ['out now'], failing: false, draft: false },
        ],
        show: describe,
      },
    );
  },
});
