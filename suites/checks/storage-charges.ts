// storage_paid_at_upload: on pay-as-you-go, an upload above the free storage amount is paid when it is uploaded, deleting it gives nothing back, and a wallet that cannot pay refuses the upload with 402 and keeps nothing (control sets the free amount).
import fc from 'fast-check';
import { imageForm } from '../arbitraries/files.ts';
import { record } from '../discover.ts';
import { documented } from '../documented.ts';
import { mintTicket } from '../resources.ts';
import { cents, emptyWallet, newTransactions, readWallet, sumCents } from '../wallet-helpers.ts';
import { ensure, got, register } from './registry.ts';
import type { Exchange } from '../history.ts';

export const storagePaidAtUpload = register({
  name: 'storage_paid_at_upload',
  area: 'wallet',
  kind: 'property',
  description:
    'With the free storage amount set to 0 (control), each upload on pay-as-you-go records a SPEND (and one on a paid plan is accepted) and lowers the balance by it; deleting the file records no REFUND and leaves the balance; with the free amount above what is stored, an upload is not charged; with a wallet emptied, an upload is refused with 402 {wallet: true} and is not in the library.',
  rule: 'Section 8: "Storage above the free amount is paid at upload; deleting a media file does not refund it"; section 4.3: POST /upload "400, 402, 413"; section 7: 402 "Needs wallet credits" with wallet: true.',
  needs: { keys: ['payg'], control: 'setting the free storage amount and emptying the wallet' },
  async run(ctx) {
    const control = ctx.control!;
    const limits = await control.limits();
    if (typeof limits.freeStorageBytes !== 'number') ctx.notVerified('control does not offer the free storage amount (freeStorageBytes in its limits)');
    await ctx.property(
      'storage above the free amount is paid once, at upload',
      fc.integer({ min: 1, max: 3 }),
      async (files) => {
        // Well below the free amount: nothing to pay.
        await control.setLimits({ freeStorageBytes: 1024 ** 4 });
        const start = await readWallet(ctx, 'payg');
        const free = await ctx.api.call({ operationId: 'uploadMedia', auth: { kind: 'payg' }, body: imageForm('under-free.png') });
        ensure(free.status === 200, { operation: 'uploadMedia', received: got(free), documented: '200 Media for a 1x1 png', exchanges: [free] });
        const afterFree = await readWallet(ctx, 'payg');
        const freeSpend = sumCents(newTransactions(start, afterFree), 'SPEND');
        ensure(freeSpend === 0 && cents(afterFree.balance) === cents(start.balance), {
          operation: 'uploadMedia',
          received: `${-freeSpend / 100} credits spent, balance ${start.balance} -> ${afterFree.balance}, for an upload within the free storage amount`,
          documented: 'nothing: only "Storage above the free amount is paid at upload" (section 8)',
          exchanges: [free],
        });

        await control.setLimits({ freeStorageBytes: 0 });
        // A paid plan does not use the wallet: no free amount left is no reason to refuse it.
        if (ctx.has('paid')) {
          const paid = await ctx.api.call({ operationId: 'uploadMedia', auth: { kind: 'paid' }, body: imageForm('paid-plan.png') });
          ensure(paid.status === 200, { operation: 'uploadMedia', received: got(paid), documented: '200 on a paid plan, which does not use the wallet (section 1: "Paid plan: the wallet is not used")', exchanges: [paid] });
        }
        const ids: string[] = [];
        for (let i = 0; i < files; i++) {
          const before = await readWallet(ctx, 'payg');
          const up = await ctx.api.call({ operationId: 'uploadMedia', auth: { kind: 'payg' }, body: imageForm(`paid-${i}.png`) });
          ensure(up.status === 200, { operation: 'uploadMedia', received: got(up), documented: '200 Media for a 1x1 png on a pay-as-you-go wallet with credits', exchanges: [up] });
          ids.push(documented(up, 'uploadMedia', 200).id);
          const after = await readWallet(ctx, 'payg');
          const spend = sumCents(newTransactions(before, after), 'SPEND');
          ensure(spend < 0 && cents(after.balance) - cents(before.balance) === spend, {
            operation: 'uploadMedia',
            received: `SPEND ${spend / 100}, balance ${before.balance} -> ${after.balance}, for an upload with no free storage left`,
            documented: 'a SPEND taken from the balance at upload: "Storage above the free amount is paid at upload" (section 8)',
            exchanges: [up],
          });
        }
        const beforeDelete = await readWallet(ctx, 'payg');
        for (const id of ids) {
          const del = await ctx.api.call({ operationId: 'deleteMedia', path: { id }, auth: { kind: 'payg' } });
          ensure(del.status === 200, { operation: 'deleteMedia', received: got(del), documented: '200 {deleted: true}', exchanges: [del] });
        }
        const afterDelete = await readWallet(ctx, 'payg');
        const back = newTransactions(beforeDelete, afterDelete);
        ensure(back.length === 0 && cents(afterDelete.balance) === cents(beforeDelete.balance), {
          operation: 'deleteMedia',
          received: `after deleting ${ids.length} paid file(s): ${back.map((t) => `${t.type} ${t.credits}`).join(', ') || 'no transaction'}, balance ${beforeDelete.balance} -> ${afterDelete.balance}`,
          documented: 'no transaction and the same balance: "deleting a media file does not refund it" (section 8)',
          exchanges: [],
        });

        // An empty wallet cannot pay for storage: 402, and the file is not kept.
        await emptyWallet(ctx, 'payg', 'empty the wallet for storage_paid_at_upload');
        const pages = async () => JSON.stringify((await ctx.api.read({ operationId: 'listMedia', auth: { kind: 'payg' }, query: { page: 1 } }, 'the media library')).responseBody);
        /** An upload the emptied wallet cannot pay: 402 with wallet: true, and the library and the ledger as they were. */
        const refusedUnpaid = async (operationId: string, send: () => Promise<Exchange>, documented: string) => {
          const wallet = await readWallet(ctx, 'payg');
          const before = await pages();
          const answer = await send();
          const same = (await pages()) === before && newTransactions(wallet, await readWallet(ctx, 'payg')).length === 0;
          // Read unvalidated: `wallet: true` is the schema's constant, and a refusal without it is this check's failure.
          ensure(answer.status === 402 && record(answer.responseBody)?.wallet === true && same, {
            operation: operationId,
            received: `${got(answer)}; library and ledger ${same ? 'unchanged' : 'changed'}`,
            documented: `402 with wallet: true and nothing kept: ${documented}`,
            exchanges: [answer],
          });
        };
        await refusedUnpaid('uploadMedia', () => ctx.api.call({ operationId: 'uploadMedia', auth: { kind: 'payg' }, body: imageForm('unpaid.png') }), 'storage the wallet cannot pay (sections 4.3, 7, 8)');
        // The ticket endpoints take the same storage rule: a media ticket's upload, and a brief file ("stored in the
        // media library and counted as storage"). Minting a ticket is free; its upload is what stores bytes.
        for (const [purpose, operationId] of [['media', 'uploadWithTicket'], ['brief', 'uploadBriefFile']] as const) {
          const ticket = await mintTicket(ctx, 'payg', purpose);
          await refusedUnpaid(
            operationId,
            () => ctx.api.call({ operationId, path: { token: ticket.token }, body: imageForm(`unpaid-${purpose}.png`), auth: { none: true } }),
            `a ${purpose} ticket's upload stores bytes the wallet cannot pay (section 4.3: "400, 402, 404, 413"${purpose === 'brief' ? ', "counted as storage"' : ''}; section 8)`,
          );
        }
        // From a URL, "same limits and storage rules as /upload"; only with a URL the target can fetch (--media-url).
        const url = ctx.target.fetchableImageUrl;
        if (url) await refusedUnpaid('uploadMediaFromUrl', () => ctx.api.call({ operationId: 'uploadMediaFromUrl', auth: { kind: 'payg' }, body: { url } }), 'section 4.3: "same limits and storage rules as /upload"');
        else ctx.notAsked('upload-from-url\'s 402 needs --media-url: a public https image the target can fetch');
      },
      { reset: true, runs: Math.min(ctx.runs, 2), show: (n: number) => ['POST /upload (within the free amount)', 'state limits.set {"freeStorageBytes": 0}', `POST /upload ×${n}, reading the wallet around each`, `DELETE /media/<id> ×${n}`, '(control) empty the wallet; POST /upload', 'POST /upload-ticket/<token>, POST /brief-upload/<token>'] },
    );
  },
});
