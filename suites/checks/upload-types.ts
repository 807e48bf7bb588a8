// upload_types_by_endpoint: what each upload endpoint takes, decided by the file's bytes: an mp4 goes to the library, a PDF only to the brief, and a brief upload says which it got.
import fc from 'fast-check';
import { bytesForm, imageForm, mp4Of, PDF_HEAD } from '../arbitraries/files.ts';
import { documented } from '../documented.ts';
import { mintTicket } from '../resources.ts';
import type { KeyKind } from '../target.ts';
import { ensure, got, register, show } from './registry.ts';

type Case = { to: 'upload' | 'brief'; file: 'pdf' | 'mp4' | 'png' };

const FORMS: Record<Case['file'], () => FormData> = {
  pdf: () => bytesForm(PDF_HEAD, 'brief.pdf', 'application/pdf'),
  // 64 KiB: far under section 8's 1 GB for video, and over what a video bound in kilobytes or megabytes-as-bytes lets in.
  mp4: () => bytesForm(mp4Of(64 * 1024), 'clip.mp4', 'video/mp4'),
  png: () => imageForm('logo.png'),
};

export const uploadTypesByEndpoint = register({
  name: 'upload_types_by_endpoint',
  area: 'media',
  kind: 'property',
  description:
    'POST /upload takes an mp4 of 64 KiB (200) and refuses a PDF (400, and the library\'s first page is unchanged); POST /brief-upload/<brief ticket> takes a PDF as type "document" and a PNG as type "image", and refuses an mp4 (400).',
  rule: 'Section 4.3: POST /upload "Accepted: jpeg, png, gif, webp, avif, bmp, tiff, mp4. 400"; POST /brief-upload/<token> "Accepts images and documents"; section 2.6: "The brief upload response adds type (image or document) and mime".',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    // Paid first: nothing is charged there and the brief is open.
    const kind: KeyKind = ctx.has('paid') ? 'paid' : 'payg';
    const cases: Case[] = [{ to: 'upload', file: 'pdf' }, { to: 'upload', file: 'mp4' }, { to: 'brief', file: 'pdf' }, { to: 'brief', file: 'png' }, { to: 'brief', file: 'mp4' }];
    const page = async () => JSON.stringify((await ctx.api.read({ operationId: 'listMedia', auth: { kind }, query: { page: 1 } }, 'the media library\'s first page')).responseBody);
    await ctx.property(
      'each endpoint takes its types',
      fc.constantFrom(...cases),
      async (c) => {
        if (c.to === 'upload') {
          const before = c.file === 'pdf' ? await page() : '';
          const e = await ctx.api.call({ operationId: 'uploadMedia', auth: { kind }, body: FORMS[c.file]() });
          if (c.file === 'mp4') {
            ensure(e.status === 200, { operation: 'uploadMedia', received: got(e), documented: '200 Media: mp4 is among POST /upload\'s accepted types (section 4.3)', exchanges: [e] });
            const { id } = documented(e, 'uploadMedia', 200);
            ctx.cleanup(() => ctx.api.call({ operationId: 'deleteMedia', path: { id }, auth: { kind } }));
            return;
          }
          const after = await page();
          ensure(e.status === 400 && after === before, { operation: 'uploadMedia', received: `${got(e)}; the library's first page ${after === before ? 'unchanged' : 'changed'}`, documented: '400 and nothing stored: a PDF is not among "jpeg, png, gif, webp, avif, bmp, tiff, mp4" (section 4.3)', exchanges: [e] });
          return;
        }
        const ticket = await mintTicket(ctx, kind, 'brief');
        const e = await ctx.api.call({ operationId: 'uploadBriefFile', path: { token: ticket.token }, body: FORMS[c.file](), auth: { none: true } });
        if (c.file === 'mp4') {
          ensure(e.status === 400, { operation: 'uploadBriefFile', received: got(e), documented: '400: /brief-upload "Accepts images and documents", and a video is neither (section 4.3)', exchanges: [e] });
          return;
        }
        const type = c.file === 'pdf' ? 'document' : 'image';
        const stored = e.status === 200 ? documented(e, 'uploadBriefFile', 200) : undefined;
        ensure(stored?.type === type, {
          operation: 'uploadBriefFile',
          received: e.status === 200 ? `200 ${show(e.responseBody)}` : got(e),
          documented: `200 with type "${type}" for a ${c.file.toUpperCase()}: /brief-upload "Accepts images and documents", and its answer "adds type (image or document) and mime" (sections 4.3, 2.6)`,
          exchanges: [e],
        });
        const { id } = stored;
        ctx.cleanup(() => ctx.api.call({ operationId: 'deleteMedia', path: { id }, auth: { kind } }));
      },
      { runs: cases.length, examples: cases.map((c) => [c] as [Case]).map(([c]) => c), show: (c: Case) => [c.to === 'upload' ? `POST /upload a ${c.file}` : `POST /upload-ticket {"purpose": "brief"}; POST /brief-upload/<token> a ${c.file}`] },
    );
  },
});
