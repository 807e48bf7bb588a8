// negative_data_rejection: a request the document says is invalid gets 400 with the Error body, and changes nothing.
import fc from 'fast-check';
import { validGen, genEnv, openKind } from '../arbitraries/requests.ts';
import { mutationsOf } from '../arbitraries/mutations.ts';
import { noFileForm, textForm } from '../arbitraries/files.ts';
import { describeViolations, getValidator } from '../../spec/validator.ts';
import { scriptOf } from '../curl.ts';
import { diff, snapshot } from '../snapshot.ts';
import type { RequestSpec } from '../client.ts';
import { mintTicket, targetNow } from '../resources.ts';
import { got, NotVerified, register } from './registry.ts';

const RULE = 'Section 7: 400 "Invalid request or validation failure", body `Error`: statusCode integer, msg string, message string or array of string (for POST /posts also {statusCode: 400, provider, name, message}).';

/**
 * Operations whose valid request needs what the run may not have (a URL the target can fetch): only mutations of this
 * shape are sent, each invalid by the document whatever the URL, so the base itself never goes out.
 */
const SHAPE_ONLY: Record<string, RequestSpec> = {
  uploadMediaFromUrl: { operationId: 'uploadMediaFromUrl', body: { url: 'https://example.com/verify.png' } },
};

/** One part per operation with a valid request to break; deleteIntegration's would disconnect a channel for good. */
const operations = () => getValidator().operations.map((o) => o.operationId).filter((id) => validGen(id) && id !== 'deleteIntegration');

export const negativeDataRejection = register({
  name: 'negative_data_rejection',
  area: 'generic',
  kind: 'property',
  description: 'Requests breaking a constraint the document states (required, type, enum, range, items) get 400 with the documented error body and change nothing.',
  rule: RULE,
  needs: { anyKey: ['paid', 'payg'] },
  parts: operations,
  async run(ctx) {
    const kind = openKind(ctx);
    const validator = getValidator();
    const perOp = Math.max(6, ctx.runs * 2);
    const mine = new Set(ctx.part !== undefined ? [ctx.part] : operations());
    for (const op of validator.operations.filter((o) => mine.has(o.operationId))) {
      const gen = validGen(op.operationId)!;
      const env = await genEnv(ctx, kind);
      if (kind !== 'paid' && ['generateVideo', 'runVideoFunction'].includes(op.operationId)) continue;
      const arb = gen(env);
      if (typeof arb === 'string' && !SHAPE_ONLY[op.operationId]) continue;
      let spec: RequestSpec;
      try {
        if (typeof arb === 'string') spec = { auth: { kind }, ...SHAPE_ONLY[op.operationId]! };
        else {
          // A draw with nothing to break (an optional body left out) would leave the operation untried: the seed's
          // next draw is taken instead, so whichever seed a run has, each operation gets its invalid requests.
          const drawn = fc.sample(arb, { seed: ctx.seed, numRuns: 5 });
          let i = 0;
          do spec = { auth: { kind }, ...(await drawn[i]!.build(ctx)) };
          while (!(spec.body instanceof FormData) && mutationsOf(spec).length === 0 && ++i < drawn.length);
        }
      } catch (err) {
        if (err instanceof NotVerified) continue;
        throw err;
      }
      const multipart = spec.body instanceof FormData;
      const cases: Array<{ label: string; make: () => Promise<RequestSpec> }> = [];
      if (multipart) {
        const fresh = async (form: FormData): Promise<RequestSpec> => {
          if (op.operationId === 'uploadMedia') return { ...spec, body: form };
          const t = await mintTicket(ctx, kind, op.operationId === 'uploadBriefFile' ? 'brief' : 'media');
          return { ...spec, path: { token: t.token }, body: form };
        };
        cases.push({ label: 'multipart without the required field `file`', make: () => fresh(noFileForm()) });
        if (op.operationId !== 'uploadBriefFile') cases.push({ label: 'a text file (accepted: jpeg, png, gif, webp, avif, bmp, tiff, mp4)', make: () => fresh(textForm()) });
      } else {
        const muts = mutationsOf(spec);
        // A required body left out is the boundary every run tries (as fast-check's examples): sampled among the
        // others, a short run missed it, and with it a server that crashes on an empty POST /posts.
        const always = muts.filter((m) => m.label === 'body: required, none sent');
        const rest = muts.filter((m) => !always.includes(m));
        const n = Math.max(0, Math.min(perOp - always.length, rest.length));
        const picked = [...always, ...(fc.sample(fc.shuffledSubarray(rest, { minLength: n, maxLength: n }), { seed: ctx.seed, numRuns: 1 })[0] ?? [])];
        for (const m of picked) cases.push({ label: m.label, make: async () => m.apply(spec) });
      }
      if (cases.length === 0) continue;
      const now = await targetNow(ctx);
      const before = await snapshot(ctx.api, kind, now);
      for (const k of cases) {
        const sent = await k.make();
        const e = await ctx.api.call(sent);
        const bodyViolations = e.status === 400 ? op.validateResponse(400, e.responseBody, e.responseHeaders) : [];
        ctx.expect(e.status === 400 && bodyViolations.length === 0, [e], {
          operation: op.operationId,
          received: e.status !== 400 ? got(e) : `400 whose body breaks the Error schema: ${describeViolations(bodyViolations).join('; ')}`,
          documented: `400 with the Error body for an invalid request: ${k.label}. ${RULE}`,
          sequence: [k.label],
        });
      }
      const mark = ctx.target.history.count;
      const after = await snapshot(ctx.api, kind, now);
      const changes = diff(before, after);
      ctx.expect(changes.length === 0, [], {
        operation: op.operationId,
        received: `after ${cases.length} refused request(s): ${changes.join('; ')}`,
        documented: 'a refused request changes nothing (section 7: "nothing is scheduled" / "nothing is saved")',
        sequence: cases.map((k) => k.label),
        reproduce: scriptOf(ctx.target.history.since(mark - cases.length - 5).slice(0, cases.length + 5)),
      });
    }
  },
});
