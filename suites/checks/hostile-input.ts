// hostile_input: odd, malformed and prototype-laden requests to every operation never get a 5xx, and a batch of them that is refused changes nothing.
import fc from 'fast-check';
import { hostileExamples, hostileRequest, type HostileRequest } from '../arbitraries/hostile.ts';
import { openKind } from '../arbitraries/requests.ts';
import { diff, snapshot } from '../snapshot.ts';
import { targetNow } from '../resources.ts';
import { joinUrl } from '../url.ts';
import { scriptOf } from '../curl.ts';
import type { Exchange } from '../history.ts';
import { asserted, register, show } from './registry.ts';

const RULE =
  'Section 7 lists every error status (400, 401, 402, 404, 413, 429) and none is a 5xx; "a missing required setting or a value outside its allowed list ... nothing is scheduled" and "nothing is saved" on refusals.';

/** Methods that change nothing, and the estimate, of which section 4.5 says "Nothing is charged". */
const READS = new Set(['GET', 'HEAD', 'OPTIONS', 'PROPFIND']);

/** Requests per run of the check: each costs one round trip, and a batch shares one snapshot before and after. */
const PER_RUN = 8;

export const hostileInput = register({
  name: 'hostile_input',
  area: 'generic',
  kind: 'property',
  description:
    'Requests with prototype keys, nesting 200 deep, bad encodings and escapes, wrong content types, methods and credentials never get a 5xx; when every mutating one is refused, the workspace is unchanged.',
  rule: RULE,
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind = openKind(ctx);
    // Nothing heavy and no valid drafts: a target someone else runs gets nothing it would have to clean up.
    const options = { key: ctx.key(kind) };
    const requests = [...hostileExamples(options), ...fc.sample(hostileRequest(options), { seed: ctx.seed, numRuns: Math.max(PER_RUN, ctx.runs * PER_RUN) })];
    const now = await targetNow(ctx);
    const before = await snapshot(ctx.api, kind, now);
    const sent: Array<{ r: HostileRequest; e: Exchange }> = [];
    for (const r of requests) {
      const mark = ctx.target.history.count;
      try {
        await ctx.target.fetch(joinUrl(ctx.target.baseUrl, r.path), { method: r.method, headers: r.headers, body: r.body, redirect: 'manual' });
      } catch (err) {
        // No answer at all (a reset, a crash) is as much a failure as a 5xx.
        ctx.fail({ operation: r.operationId, received: `no answer: ${(err as Error).message}`, documented: 'an answer with a status below 500', sequence: [r.label] });
        continue;
      }
      const e = ctx.target.history.since(mark).at(-1)!;
      sent.push({ r, e });
      // "Below 500" says nothing of what any documented outcome means, so it counts without marking one as asserted.
      asserted();
      if (e.status >= 500) {
        ctx.fail({ operation: r.operationId, received: `${e.status} ${show(e.responseBody, 200)}`, documented: 'never a 5xx: section 7 lists no server error', sequence: [r.label], reproduce: scriptOf([e]) });
      }
    }
    const mutating = sent.filter(({ r }) => !READS.has(r.method) && !(r.operationId === 'estimateWalletCharge' && r.path === '/wallet/estimate'));
    const accepted = mutating.filter(({ e }) => e.status < 400);
    if (accepted.length > 0) {
      // A hostile value the contract allows (an extra field, a deep free-form object) may be saved: no claim then.
      ctx.partial(`${accepted.length} of ${mutating.length} mutating hostile requests were accepted (${accepted[0]!.r.label}), so the workspace was not compared`);
      return;
    }
    const after = await snapshot(ctx.api, kind, now);
    const changes = diff(before, after);
    asserted();
    if (changes.length > 0) {
      ctx.fail({
        received: `after ${mutating.length} refused hostile requests: ${changes.join('; ')}`,
        documented: 'a refused request saves nothing (section 7)',
        sequence: mutating.map(({ r, e }) => `${r.label} -> ${e.status}`).slice(0, 20),
        reproduce: scriptOf(mutating.map(({ e }) => e).slice(-25)),
      });
    }
  },
});
