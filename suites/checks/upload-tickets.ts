// Upload tickets: one use, purpose decides the endpoint, and validity of 15 minutes (expiry where control moves the clock).
import { imageForm } from '../arbitraries/files.ts';
import { record } from '../discover.ts';
import { mintTicket } from '../resources.ts';
import { ensure, got, register } from './registry.ts';

export const ticketSingleUse = register({
  name: 'upload_ticket_single_use',
  area: 'media',
  kind: 'property',
  description: 'A media ticket (no purpose, `media` or any other) points at /upload-ticket/<token>, a `brief` ticket at /brief-upload/<token>; each accepts one upload with no key and refuses a second; field is `file`.',
  rule: 'Section 4.3: "Any purpose other than brief yields a media ticket. Ticket is single use and valid for 15 minutes"; section 3: "accepts exactly one multipart upload within its validity".',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind = ctx.has('paid') ? 'paid' : 'payg';
    for (const purpose of [undefined, 'media', 'something-else', 'brief']) {
      const t = await mintTicket(ctx, kind, purpose);
      const operationId = purpose === 'brief' ? 'uploadBriefFile' : 'uploadWithTicket';
      const segment = purpose === 'brief' ? '/brief-upload/' : '/upload-ticket/';
      ensure(new URL(t.uploadUrl).pathname.includes(segment) && t.body.field === 'file', { operation: 'createUploadTicket', received: `uploadUrl ${t.uploadUrl}, field ${t.body.field}`, documented: `a ${purpose === 'brief' ? 'brief' : 'media'} ticket for purpose ${purpose ?? '(none)'}: uploadUrl at ${segment}<token>, field "file"`, exchanges: ctx.target.history.exchanges.slice(-1) });
      const first = await ctx.api.call({ operationId, path: { token: t.token }, body: imageForm('ticket.png'), auth: { none: true } });
      ensure(first.status === 200, { operation: operationId, received: got(first), documented: '200 Media: the ticket is the credential, no API key', exchanges: [first] });
      // Tidying only, so the answer is read as far as it goes: its shape is the response checks' to judge.
      const id = record(first.responseBody)?.id;
      if (typeof id === 'string') ctx.cleanup(() => ctx.api.call({ operationId: 'deleteMedia', path: { id }, auth: { kind } }));
      const second = await ctx.api.call({ operationId, path: { token: t.token }, body: imageForm('again.png'), auth: { none: true } });
      ensure(!(second.status >= 200 && second.status < 300), { operation: operationId, received: got(second), documented: 'a spent ticket is refused: "single use" (404)', exchanges: [first, second] });
    }
  },
});

export const ticketExpiry = register({
  name: 'upload_ticket_expiry',
  area: 'media',
  kind: 'property',
  description: 'A fresh ticket says expiresInSeconds <= 900, still works at 14 minutes, and is refused after 15 minutes.',
  rule: 'Section 8: "Upload ticket validity: 15 minutes; single use".',
  needs: { anyKey: ['paid', 'payg'], control: 'moving the clock past 15 minutes' },
  async run(ctx) {
    const kind = ctx.has('paid') ? 'paid' : 'payg';
    const control = ctx.control!;
    const early = await mintTicket(ctx, kind);
    const late = await mintTicket(ctx, kind);
    ensure(early.body.expiresInSeconds > 0 && early.body.expiresInSeconds <= 900, { operation: 'createUploadTicket', received: `expiresInSeconds ${early.body.expiresInSeconds}`, documented: 'at most 900 ("valid for 15 minutes")' });
    await control.advance(14 * 60);
    const ok = await ctx.api.call({ operationId: 'uploadWithTicket', path: { token: early.token }, body: imageForm('in-time.png'), auth: { none: true } });
    ensure(ok.status === 200, { operation: 'uploadWithTicket', received: got(ok), documented: '200: the ticket is valid for 15 minutes (used at 14)', exchanges: [ok] });
    await control.advance(61);
    const expired = await ctx.api.call({ operationId: 'uploadWithTicket', path: { token: late.token }, body: imageForm('too-late.png'), auth: { none: true } });
    ensure(!(expired.status >= 200 && expired.status < 300), { operation: 'uploadWithTicket', received: `${got(expired)} 15 min 1 s after minting`, documented: 'refused once the 15 minutes are over (404)', exchanges: [expired] });
  },
});
