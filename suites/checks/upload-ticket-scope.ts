// Upload tickets beyond one upload after another: two uploads racing for one ticket, and a media ticket at the brief endpoint.
import { imageForm } from '../arbitraries/files.ts';
import { record } from '../discover.ts';
import { mintTicket } from '../resources.ts';
import { ensure, got, register } from './registry.ts';

export const ticketOneRacer = register({
  name: 'upload_ticket_one_racer',
  area: 'media',
  kind: 'property',
  description: 'Two uploads sent at once with one ticket (media and brief) are never both accepted.',
  rule: 'Section 3: an upload ticket "accepts exactly one multipart upload within its validity"; section 4.3: "Ticket is single use".',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind = ctx.has('paid') ? 'paid' : 'payg';
    for (const purpose of ['media', 'brief'] as const) {
      const t = await mintTicket(ctx, kind, purpose);
      const operationId = purpose === 'brief' ? 'uploadBriefFile' : 'uploadWithTicket';
      // Sent together: a server that only marks a ticket spent once an upload is stored lets both through.
      const both = await Promise.all(['first.png', 'second.png'].map((name) => ctx.api.call({ operationId, path: { token: t.token }, body: imageForm(name), auth: { none: true } })));
      for (const e of both) {
        // Tidying only, so the answer is read as far as it goes: its shape is the response checks' to judge.
        const id = record(e.responseBody)?.id;
        if (e.status === 200 && typeof id === 'string') ctx.cleanup(() => ctx.api.call({ operationId: 'deleteMedia', path: { id }, auth: { kind } }));
      }
      const accepted = both.filter((e) => e.status >= 200 && e.status < 300);
      ensure(accepted.length <= 1, { operation: operationId, received: `both accepted: ${both.map(got).join(' and ')}`, documented: `one ${purpose} ticket "accepts exactly one multipart upload" (section 3): at most one of two concurrent uploads succeeds`, exchanges: both });
    }
  },
});

export const ticketPurposeBound = register({
  name: 'upload_ticket_purpose_bound',
  area: 'media',
  kind: 'property',
  description: 'A media ticket (no purpose, null, `media`, or any purpose but `brief`) is minted and refused by POST /brief-upload/<token>.',
  rule: 'Section 4.3: POST /brief-upload/<token> takes "path token from a ticket with purpose brief"; "Any purpose other than brief yields a media ticket".',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind = ctx.has('paid') ? 'paid' : 'payg';
    // Only this direction: the reference does not say whether /upload-ticket/<token> takes a brief ticket.
    // null too: "any purpose other than brief" is a media ticket, and a client that fills every field of its form sends it.
    for (const purpose of [undefined, null, 'media', 'something-else']) {
      const t = await mintTicket(ctx, kind, purpose);
      const e = await ctx.api.call({ operationId: 'uploadBriefFile', path: { token: t.token }, body: imageForm('wrong-door.png'), auth: { none: true } });
      // An upload through the wrong door is this check's failure; its body is read only to tidy up after it.
      const id = record(e.responseBody)?.id;
      if (e.status === 200 && typeof id === 'string') ctx.cleanup(() => ctx.api.call({ operationId: 'deleteMedia', path: { id }, auth: { kind } }));
      ensure(!(e.status >= 200 && e.status < 300), { operation: 'uploadBriefFile', received: `${got(e)} for a ticket minted with purpose ${purpose === undefined ? '(none)' : JSON.stringify(purpose)}`, documented: 'refused: /brief-upload/<token> takes "a ticket with purpose brief" (section 4.3), and this is a media ticket', exchanges: [e] });
    }
  },
});
