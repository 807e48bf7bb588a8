// library_full_413: a free workspace's full media library refuses uploads with 413 and keeps nothing; a paid plan's library is not the free plan's (control sets the capacity).
import fc from 'fast-check';
import { imageForm } from '../arbitraries/files.ts';
import { record } from '../discover.ts';
import { mintTicket } from '../resources.ts';
import { ensure, got, register } from './registry.ts';

export const libraryFull413 = register({
  name: 'library_full_413',
  area: 'media',
  kind: 'property',
  description:
    'With the free plan\'s library capacity set to 0 (control), an upload by the free workspace that never topped up (POST /upload, or a media ticket) answers 413 with the Error body and the library is unchanged; the paid workspace\'s upload is accepted.',
  rule: 'Section 7: "413 | Free plan\'s media library is full | Error"; section 4.3: POST /upload and POST /upload-ticket/<token> "413"; section 8: "Free-plan library capacity ...: not shown" (so control sets it).',
  needs: { keys: ['free'], control: 'setting the free plan\'s library capacity' },
  async run(ctx) {
    const control = ctx.control!;
    const limits = await control.limits();
    if (typeof limits.freeLibraryBytes !== 'number') ctx.notVerified('control does not offer the free plan\'s library capacity (freeLibraryBytes in its limits)');
    const page = async () => JSON.stringify((await ctx.api.read({ operationId: 'listMedia', auth: { kind: 'free' }, query: { page: 1 } }, 'the free workspace\'s library')).responseBody);
    await ctx.property(
      'a full free library refuses uploads',
      fc.constantFrom<'upload' | 'ticket'>('upload', 'ticket'),
      async (how) => {
        await control.setLimits({ freeLibraryBytes: 0 });
        const before = await page();
        const e =
          how === 'upload'
            ? await ctx.api.call({ operationId: 'uploadMedia', auth: { kind: 'free' }, body: imageForm('no-room.png') })
            : await ctx.api.call({ operationId: 'uploadWithTicket', path: { token: (await mintTicket(ctx, 'free')).token }, body: imageForm('no-room.png'), auth: { none: true } });
        // The refusal's body is what this check judges, so it is read unvalidated.
        const body = record(e.responseBody);
        const after = await page();
        ensure(e.status === 413 && typeof body?.statusCode === 'number' && after === before, {
          operation: how === 'upload' ? 'uploadMedia' : 'uploadWithTicket',
          received: `${got(e)}; the library ${after === before ? 'unchanged' : 'changed'}`,
          documented: '413 with the Error body (statusCode, msg, message) and nothing stored: "Free plan\'s media library is full" (section 7)',
          exchanges: [e],
        });
        if (ctx.has('paid')) {
          const paid = await ctx.api.call({ operationId: 'uploadMedia', auth: { kind: 'paid' }, body: imageForm('paid-room.png') });
          ensure(paid.status === 200, { operation: 'uploadMedia', received: got(paid), documented: '200: the full library is the free plan\'s, and this workspace is on a paid plan', exchanges: [paid] });
        }
      },
      { reset: true, runs: 2, examples: ['upload', 'ticket'], show: (how: string) => ['(control) PUT /_mock/limits {"freeLibraryBytes": 0}', how === 'upload' ? 'POST /upload (free key)' : 'POST /upload-ticket (free key); POST /upload-ticket/<token>', 'POST /upload (paid key)'] },
    );
  },
});
