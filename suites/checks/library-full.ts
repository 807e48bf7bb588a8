// library_full_413: a free workspace's full media library refuses uploads with 413 and keeps nothing; a paid plan's library is not the free plan's. library_room_back_after_delete: a file deleted from a full free library gives its room back (control sets the capacity).
import fc from 'fast-check';
import { imageForm, PNG_1x1 } from '../arbitraries/files.ts';
import { record } from '../discover.ts';
import { documented } from '../documented.ts';
import type { Exchange } from '../history.ts';
import { mintTicket } from '../resources.ts';
import { ensure, got, register } from './registry.ts';

export const libraryFull413 = register({
  name: 'library_full_413',
  area: 'media',
  kind: 'property',
  description:
    'With the free plan\'s library capacity set to 0 (control), an upload by the free workspace that never topped up (POST /upload, or a media ticket; a brief file; from a URL with --media-url) answers 413 with the Error body and the library is unchanged; the paid workspace\'s upload is accepted.',
  rule: 'Section 7: "413 | Free plan\'s media library is full | Error"; section 4.3: POST /upload, /upload-from-url ("same limits and storage rules as /upload"), /upload-ticket/<token> and /brief-upload/<token> ("stored in the media library") "413"; section 8: "Free-plan library capacity ...: not shown" (so control sets it).',
  needs: { keys: ['free'], control: 'setting the free plan\'s library capacity' },
  async run(ctx) {
    const control = ctx.control!;
    const limits = await control.limits();
    if (typeof limits.freeLibraryBytes !== 'number') ctx.notVerified('control does not offer the free plan\'s library capacity (freeLibraryBytes in its limits)');
    // Only the free workspace never topped up: whether pay-as-you-go has a capped library or pays for storage instead,
    // the reference does not say.
    type How = 'upload' | 'ticket' | 'brief' | 'url';
    const ways: How[] = ['upload', 'ticket', 'brief', ...(ctx.target.fetchableImageUrl ? (['url'] as const) : [])];
    if (!ctx.target.fetchableImageUrl) ctx.notAsked('upload-from-url\'s 413 needs --media-url: a public https image the target can fetch');
    const operationOf: Record<How, string> = { upload: 'uploadMedia', ticket: 'uploadWithTicket', brief: 'uploadBriefFile', url: 'uploadMediaFromUrl' };
    await ctx.property(
      'a full free library refuses uploads',
      fc.constantFrom<How>(...ways),
      async (how) => {
        await control.setLimits({ freeLibraryBytes: 0 });
        const page = async () => JSON.stringify((await ctx.api.read({ operationId: 'listMedia', auth: { kind: 'free' }, query: { page: 1 } }, 'the free workspace\'s library')).responseBody);
        const before = await page();
        const e =
          how === 'upload'
            ? await ctx.api.call({ operationId: 'uploadMedia', auth: { kind: 'free' }, body: imageForm('no-room.png') })
            : how === 'url'
              ? await ctx.api.call({ operationId: 'uploadMediaFromUrl', auth: { kind: 'free' }, body: { url: ctx.target.fetchableImageUrl } })
              : await ctx.api.call({ operationId: operationOf[how], path: { token: (await mintTicket(ctx, 'free', how === 'brief' ? 'brief' : undefined)).token }, body: imageForm('no-room.png'), auth: { none: true } });
        // The refusal's body is what this check judges, so it is read unvalidated.
        const body = record(e.responseBody);
        const after = await page();
        // A brief file before the first top-up may meet the brief's own gate first (section 1: the brief "answer[s] 402
        // before that" with wallet: true); the reference does not say which refusal comes first, so both are allowed.
        if (how === 'brief' && e.status === 402 && body?.wallet === true && after === before) {
          ctx.partial('the brief upload of the free workspace never topped up met the brief\'s 402 first, so its 413 was not reached');
          return;
        }
        ensure(e.status === 413 && typeof body?.statusCode === 'number' && after === before, {
          operation: operationOf[how],
          received: `${got(e)}; the library ${after === before ? 'unchanged' : 'changed'}`,
          documented: '413 with the Error body (statusCode, msg, message) and nothing stored: "Free plan\'s media library is full" (section 7)',
          exchanges: [e],
        });
        if (ctx.has('paid')) {
          const paid = await ctx.api.call({ operationId: 'uploadMedia', auth: { kind: 'paid' }, body: imageForm('paid-room.png') });
          ensure(paid.status === 200, { operation: 'uploadMedia', received: got(paid), documented: '200: the full library is the free plan\'s, and this workspace is on a paid plan', exchanges: [paid] });
        }
      },
      {
        reset: true,
        runs: ways.length,
        examples: ways,
        show: (how: How) => ['state limits.set {"freeLibraryBytes": 0}', { upload: 'POST /upload (free key)', ticket: 'POST /upload-ticket (free key); POST /upload-ticket/<token>', brief: 'POST /upload-ticket {purpose: brief} (free key); POST /brief-upload/<token>', url: 'POST /upload-from-url (free key)' }[how], 'POST /upload (paid key)'],
      },
    );
  },
});

const PNG_BYTES = PNG_1x1.length;

/** Files a new free library takes before it is full, at most: past this many, the capacity set did not fill it. */
const MAX_FILES = 12;

export const libraryRoomBackAfterDelete = register({
  name: 'library_room_back_after_delete',
  area: 'media',
  kind: 'property',
  description:
    'In a new free workspace (control) that never topped up, with the free plan\'s library capacity set small, png uploads are accepted until one answers 413; the last file accepted is then deleted (`{deleted: true}`), which leaves the library holding what it held when that file was accepted, and the same file uploaded again is accepted. A full free library is full of its files, and a deleted file is no longer one of them.',
  rule: 'Section 7: "413 | Free plan\'s media library is full"; section 4.3: DELETE /media/<id> "{deleted: true}" (the file leaves the library: GET /media no longer lists it) and "Storage already paid for is not given back" (a charge, not the library\'s room); section 8: "Free-plan library capacity ...: not shown" (so control sets it).',
  needs: { control: 'a new free workspace and the free plan\'s library capacity' },
  async run(ctx) {
    const control = ctx.control!;
    const limits = await control.limits();
    if (typeof limits.freeLibraryBytes !== 'number') ctx.notVerified('control does not offer the free plan\'s library capacity (freeLibraryBytes in its limits)');
    await ctx.property(
      'a file deleted from a full free library gives its room back',
      // How many bytes of room: a few of the 1x1 png's, so that the library fills after a few files however a file is counted.
      fc.integer({ min: 1, max: 4 }),
      async (files) => {
        const ws = await control.createWorkspace({ name: 'verify library room', plan: 'free' });
        const auth = { header: ws.apiKey };
        await control.setLimits({ freeLibraryBytes: files * PNG_BYTES + Math.floor(PNG_BYTES / 2) });
        const upload = (name: string) => ctx.api.call({ operationId: 'uploadMedia', auth, body: imageForm(name) });
        const accepted: Array<{ id: string; e: Exchange }> = [];
        let full: Exchange | undefined;
        for (let i = 1; i <= MAX_FILES && !full; i++) {
          const e = await upload(`room-${i}.png`);
          if (e.status === 413) full = e;
          else {
            ensure(e.status === 200, { operation: 'uploadMedia', received: got(e), documented: '200 Media, or 413 once the free library is full (sections 4.3, 7)', exchanges: [e] });
            accepted.push({ id: documented(e, 'uploadMedia', 200).id, e });
          }
        }
        if (!full) ctx.notVerified(`a free library with freeLibraryBytes ${files * PNG_BYTES + Math.floor(PNG_BYTES / 2)} took ${MAX_FILES} files of ${PNG_BYTES} bytes without answering 413`);
        if (accepted.length === 0) ctx.notVerified('the new free library refused the first file (413), so no file of it could be deleted');
        const last = accepted.at(-1)!;
        const del = await ctx.api.call({ operationId: 'deleteMedia', path: { id: last.id }, auth });
        ensure(del.status === 200 && record(del.responseBody)?.deleted === true, { operation: 'deleteMedia', received: got(del), documented: '200 {deleted: true} for a file of the library (section 4.3)', exchanges: [del] });
        const again = await upload(`room-${accepted.length}.png`);
        ensure(again.status === 200, {
          operation: 'uploadMedia',
          received: `${got(again)}, after ${accepted.length} file(s) accepted, the next refused (${got(full)}) and the last accepted deleted`,
          documented: `200: the library holds what it held when that same file was accepted (the deleted file is no longer in it), so it is not "full" (section 7: 413 "Free plan's media library is full")`,
          exchanges: [last.e, full, del, again],
        });
      },
      {
        reset: true,
        runs: 2,
        examples: [1],
        show: (files: number) => [
          `state workspace.created {"plan": "free"}; state limits.set {"freeLibraryBytes": ${files * PNG_BYTES + Math.floor(PNG_BYTES / 2)}}`,
          'POST /upload a 1x1 png until one answers 413',
          'DELETE /media/<the last accepted>; POST /upload the same png again',
        ],
      },
    );
  },
});
