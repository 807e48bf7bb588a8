// sent_parts_kept_unsent_refunded: deleting gives back what unsent parts paid and nothing for parts already sent, whether a post is deleted or its channel disconnected; disconnecting touches no other channel's posts.
import fc from 'fast-check';
import { futureDate, settingsArb, textSafe } from '../arbitraries/posts.ts';
import { afterSending, findPost, firstPostId, targetNow } from '../resources.ts';
import { chargedChannel, cents, newTransactions, readWallet, sumCents } from '../wallet-helpers.ts';
import { ensure, got, register } from './registry.ts';

export const sentPartsKept = register({
  name: 'sent_parts_kept_unsent_refunded',
  area: 'wallet',
  kind: 'property',
  description:
    'On pay-as-you-go: a priced post sent now and then deleted gets no REFUND; with a priced post sent and another scheduled on the charged channel, and a scheduled post and a draft on another channel, DELETE /integrations/<charged channel> refunds exactly what the scheduled one paid, takes it off the calendar, and leaves the other channel\'s posts where they were.',
  rule: 'Section 8: "Deleting gives back credits paid for parts not sent yet"; section 3: DELETE "Credits paid for parts not sent yet are given back"; section 4.1: DELETE /integrations/<id> "Disconnects the channel and deletes posts scheduled on it".',
  needs: { keys: ['payg'], control: 'a world reset after each run (a channel is disconnected)' },
  async run(ctx) {
    const charged = await chargedChannel(ctx, 'payg');
    const d = await ctx.discover();
    const other = textSafe(d.workspaces.payg?.channels ?? []).find((c) => c.id !== charged.id && c.identifier !== charged.identifier);
    if (!other) ctx.notVerified('the payg workspace has no second channel on another provider');
    const post = (ch: typeof charged, type: 'now' | 'schedule' | 'draft', date: string, items: number, label: string) =>
      ctx.api.call({ operationId: 'createPosts', auth: { kind: 'payg' }, body: { type, date, shortLink: false, tags: [], posts: [{ integration: { id: ch.id }, value: Array.from({ length: items }, (_, i) => ({ content: `${label} ${i + 1}`, image: [] })), settings: fc.sample(settingsArb(ch.identifier), { seed: ctx.seed, numRuns: 1 })[0] }] } });
    await ctx.property(
      'sent parts are kept, unsent ones refunded',
      fc.record({ sent: fc.integer({ min: 1, max: 3 }), queued: fc.integer({ min: 1, max: 3 }) }),
      async ({ sent, queued }) => {
        const now = await targetNow(ctx);
        const nowIso = new Date(now).toISOString();
        const later = futureDate(now, 3, 13);

        // A post sent now, then deleted once the server has sent it: nothing comes back. A server that sends from a
        // queue may not have sent it by the end of the publish wait: its parts are unsent then, and what they paid
        // comes back.
        const beforeOut = await readWallet(ctx, 'payg');
        const out = await post(charged, 'now', nowIso, sent, 'sent then deleted');
        if (out.status === 402) ctx.notVerified('the pay-as-you-go wallet does not cover the post');
        ensure(out.status === 200, { operation: 'createPosts', received: got(out), documented: '200 for a valid post sent now', exchanges: [out] });
        const seen = await afterSending(ctx, 'payg', firstPostId(out), nowIso);
        const beforeDelete = await readWallet(ctx, 'payg');
        const paidOut = -sumCents(newTransactions(beforeOut, beforeDelete), 'SPEND');
        const del = await ctx.api.call({ operationId: 'deletePost', path: { id: firstPostId(out) }, auth: { kind: 'payg' } });
        const afterDelete = await readWallet(ctx, 'payg');
        const back = newTransactions(beforeDelete, afterDelete);
        const unsent = seen?.state === 'QUEUE';
        const expected = unsent ? paidOut : 0;
        ensure(del.status === 200 && sumCents(back, 'REFUND') === expected && cents(afterDelete.balance) - cents(beforeDelete.balance) === expected, {
          operation: 'deletePost',
          received: `${got(del)}; ${back.map((t) => `${t.type} ${t.credits}`).join(', ') || 'no transaction'}; balance ${beforeDelete.balance} -> ${afterDelete.balance}`,
          documented: unsent
            ? `a REFUND of the ${paidOut / 100} it paid: the post was still QUEUE when deleted, its parts not sent ("credits paid for parts not sent yet are given back")`
            : 'a published post deleted gives nothing back: only "credits paid for parts not sent yet are given back"',
          exchanges: [out, del],
        });

        // A channel with a sent and a scheduled post disconnected; another channel's posts untouched.
        const kept = await post(charged, 'now', nowIso, sent, 'sent before the disconnect');
        if (kept.status === 200 && (await afterSending(ctx, 'payg', firstPostId(kept), nowIso))?.state !== 'PUBLISHED') {
          ctx.notVerified('the post sent now was not published within the publish wait (--publish-wait), so the disconnect could not be judged on a sent post');
        }
        const before = await readWallet(ctx, 'payg');
        const doomed = await post(charged, 'schedule', later, queued, 'scheduled on the disconnected channel');
        if (doomed.status === 402) ctx.notVerified('the pay-as-you-go wallet does not cover the scheduled post');
        const paid = -sumCents(newTransactions(before, await readWallet(ctx, 'payg')), 'SPEND');
        const queuedOther = await post(other!, 'schedule', later, 1, 'scheduled elsewhere');
        const draftOther = await post(other!, 'draft', later, 1, 'draft elsewhere');
        ensure([kept, doomed, queuedOther, draftOther].every((e) => e.status === 200), { operation: 'createPosts', received: [kept, doomed, queuedOther, draftOther].map(got).join('; '), documented: '200 for four valid posts', exchanges: [kept, doomed, queuedOther, draftOther] });
        const beforeDisconnect = await readWallet(ctx, 'payg');
        const gone = await ctx.api.call({ operationId: 'deleteIntegration', path: { id: charged.id }, auth: { kind: 'payg' } });
        ensure(gone.status === 200, { operation: 'deleteIntegration', received: got(gone), documented: '200 (section 4.1: "Disconnects the channel")', exchanges: [gone] });
        const after = await readWallet(ctx, 'payg');
        const refunds = newTransactions(beforeDisconnect, after);
        const refunded = sumCents(refunds, 'REFUND');
        ensure(paid > 0 && refunded === paid && cents(after.balance) - cents(beforeDisconnect.balance) === refunded, {
          operation: 'deleteIntegration',
          received: `the scheduled post paid ${paid / 100}; disconnecting recorded ${refunds.map((t) => `${t.type} ${t.credits}`).join(', ') || 'nothing'}, balance ${beforeDisconnect.balance} -> ${after.balance}`,
          documented: `a REFUND of exactly ${paid / 100}: what the scheduled post paid comes back ("parts not sent yet"), what the sent post paid does not`,
          exchanges: [doomed, gone],
        });
        const [onCalendar, stillQueued, stillDraft] = await Promise.all([findPost(ctx, 'payg', firstPostId(doomed), later), findPost(ctx, 'payg', firstPostId(queuedOther), later), findPost(ctx, 'payg', firstPostId(draftOther), later)]);
        ensure(!onCalendar && stillQueued && stillDraft, {
          operation: 'deleteIntegration',
          received: `after the disconnect: its scheduled post ${onCalendar ? 'still listed' : 'gone'}; the other channel's scheduled post ${stillQueued ? 'listed' : 'gone'}, its draft ${stillDraft ? 'listed' : 'gone'}`,
          documented: '"deletes posts scheduled on it": its scheduled post off the calendar, the other channel\'s posts still there',
          exchanges: [gone],
        });
      },
      { reset: true, runs: Math.min(ctx.runs, 2), show: (c: { sent: number; queued: number }) => [`POST /posts now (${c.sent} item(s)) on ${charged.id}; DELETE /posts/<it>`, `POST /posts now (${c.sent}) and schedule (${c.queued}) on ${charged.id}; schedule and draft on ${other!.id}`, `DELETE /integrations/${charged.id}`, 'GET /wallet, /wallet/transactions, /posts'] },
    );
  },
});
