// negative_data_rejection: each request the document says is invalid, one per constraint, gets 400 with the Error body, and changes nothing.
import fc from 'fast-check';
import { validGen, genEnv, openKind } from '../arbitraries/requests.ts';
import { mutationsOf, unreachedFields } from '../arbitraries/mutations.ts';
import { imageForm, noFileForm, textForm } from '../arbitraries/files.ts';
import { describeViolations, getValidator } from '../../spec/validator.ts';
import { scriptOf } from '../curl.ts';
import { diff, snapshot } from '../snapshot.ts';
import type { RequestSpec } from '../client.ts';
import { mintTicket, targetNow } from '../resources.ts';
import { documented } from '../documented.ts';
import type { KeyKind } from '../target.ts';
import { got, NotVerified, register, type CheckContext } from './registry.ts';

const RULE = 'Section 7: 400 "Invalid request or validation failure", body `Error`: statusCode integer, msg string, message string or array of string (for POST /posts also {statusCode: 400, provider, name, message}).';

/**
 * Operations whose valid request needs what the run may not have (a URL the target can fetch): only mutations of this
 * shape are sent, each invalid by the document whatever the URL, so the base itself never goes out.
 */
const SHAPE_ONLY: Record<string, RequestSpec> = {
  uploadMediaFromUrl: { operationId: 'uploadMediaFromUrl', body: { url: 'https://example.com/verify.png' } },
};

/**
 * The valid request made whole: every optional field the document names is given a valid value, so that each
 * constraint it states is broken once by the sweep (a drawn body often leaves `creationMethod` out, sends `tags` and
 * `image` empty, and so never reaches what the document says of a tag or an image). Only values that are valid and
 * mean nothing more are added: what names an existing thing is left out (LEFT_OUT).
 */
const WHOLE: Record<string, (ctx: CheckContext, kind: KeyKind, body: any) => Promise<unknown>> = {
  async createPosts(ctx, kind, body) {
    const up = await ctx.api.call({ operationId: 'uploadMedia', auth: { kind }, body: imageForm('negative-sweep.png') });
    const media = up.status === 200 ? documented(up, 'uploadMedia', 200) : undefined;
    if (media) ctx.cleanup(() => ctx.api.call({ operationId: 'deleteMedia', path: { id: media.id }, auth: { kind } }));
    const image = media ? [{ id: media.id, path: media.path, alt: 'A loaf on the counter', thumbnail: media.path }] : [];
    const posts = body.posts.map((p: any, i: number) => (i > 0 ? p : { ...p, group: `sweep-${ctx.seed}`, value: p.value.map((v: any, j: number) => (j > 0 ? v : { ...v, image, delay: 0 })) }));
    return { creationMethod: 'API', inter: 1, ...body, tags: body.tags.length > 0 ? body.tags : [{ value: 'launch', label: 'Launch' }], posts };
  },
  async saveBriefDocument(_ctx, _kind, body) {
    return {
      title: 'Sweep',
      ...body,
      blocks: [{ id: 'b1', heading: 'Voice', body: 'Warm and plain' }],
      links: [{ id: 'l1', url: 'https://example.com/menu', note: 'The menu' }],
      assets: [{ id: 'a1', name: 'logo.png', url: 'https://example.com/logo.png', mime: 'image/png', note: 'The logo' }],
    };
  },
  async generateVideo(_ctx, _kind, body) {
    return { prompt: 'A 10 second product teaser', ...body };
  },
  async createUploadTicket(_ctx, _kind, body) {
    return { purpose: 'media', ...body };
  },
  async estimateWalletCharge(_ctx, _kind, body) {
    return { inter: 1, ...body };
  },
};

/**
 * Fields a valid request cannot carry without meaning more than itself, left out of the sweep: each names something
 * that must already exist (an item `id` an existing post, the estimate's `group` a post being edited), which a server
 * may look up before it reads the rest. Their constraints are type alone, and are left unverified here.
 */
const LEFT_OUT: Record<string, RegExp> = {
  createPosts: /^\/posts\/\d+\/value\/\d+\/id$/,
  estimateWalletCharge: /^\/group$/,
};

/** One part per operation with a valid request to break; deleteIntegration's would disconnect a channel for good. */
const operations = () => getValidator().operations.map((o) => o.operationId).filter((id) => validGen(id) && id !== 'deleteIntegration');

export const negativeDataRejection = register({
  name: 'negative_data_rejection',
  area: 'generic',
  kind: 'property',
  description: 'Requests breaking each constraint the document states on a whole valid request (required, type, enum, range, items), one at a time, get 400 with the documented error body and change nothing.',
  rule: RULE,
  needs: { anyKey: ['paid', 'payg'] },
  parts: operations,
  async run(ctx) {
    const kind = openKind(ctx);
    const validator = getValidator();
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
        const whole = WHOLE[op.operationId];
        if (whole) spec = { ...spec, body: await whole(ctx, kind, spec.body ?? {}) };
        // Every constraint the body reaches is broken once, each in a request of its own that is valid otherwise: a
        // sample of them left a server that forgot one rule (a tag without its label) to the seed's luck.
        for (const m of mutationsOf(spec)) cases.push({ label: m.label, make: async () => m.apply(spec) });
        // What the body does not carry, no request broke: said, never counted as refused.
        const unreached = unreachedFields(spec).filter((f) => !LEFT_OUT[op.operationId]?.test(f));
        if (unreached.length > 0) ctx.partial(`${op.operationId}: the valid request carried no ${unreached.join(', ')}, so what the document states there was not verified`);
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
