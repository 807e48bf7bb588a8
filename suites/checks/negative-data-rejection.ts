// negative_data_rejection: a request the document says is invalid gets 400 with the Error body, and changes nothing.
import fc from 'fast-check';
import { VALID, genEnv, openKind } from '../arbitraries/requests.ts';
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

export const negativeDataRejection = register({
  name: 'negative_data_rejection',
  area: 'generic',
  kind: 'property',
  description: 'Requests breaking a constraint the document states (required, type, enum, range, items) get 400 with the documented error body and change nothing.',
  rule: RULE,
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind = openKind(ctx);
    const validator = getValidator();
    const perOp = Math.max(6, ctx.runs * 2);
    for (const op of validator.operations) {
      const gen = VALID[op.operationId];
      if (!gen || op.operationId === 'deleteIntegration') continue;
      const env = await genEnv(ctx, kind);
      if (kind !== 'paid' && ['generateVideo', 'runVideoFunction'].includes(op.operationId)) continue;
      const arb = gen(env);
      if (typeof arb === 'string' && !SHAPE_ONLY[op.operationId]) continue;
      let spec: RequestSpec;
      try {
        if (typeof arb === 'string') spec = { auth: { kind }, ...SHAPE_ONLY[op.operationId]! };
        else spec = { auth: { kind }, ...(await fc.sample(arb, { seed: ctx.seed, numRuns: 1 })[0]!.build(ctx)) };
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
