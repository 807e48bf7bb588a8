// hostile_input: odd, malformed and prototype-laden requests to every operation never get a 5xx, and a batch of them that is refused changes nothing.
import fc from 'fast-check';
import { hostileExamples, hostileRequest, type HostileRequest } from '../arbitraries/hostile.ts';
import { openKind } from '../arbitraries/requests.ts';
import { diff, snapshot } from '../snapshot.ts';
import { targetNow } from '../resources.ts';
import { joinUrl } from '../url.ts';
import { scriptOf } from '../curl.ts';
import { asserted, NotVerified, register, show } from './registry.ts';

const RULE =
  'Section 7 lists every error status (400, 401, 402, 404, 413, 429) and none is a 5xx; "a missing required setting or a value outside its allowed list ... nothing is scheduled" and "nothing is saved" on refusals.';

/** Methods that change nothing, and the estimate, of which section 4.5 says "Nothing is charged". */
const READS = new Set(['GET', 'HEAD', 'OPTIONS', 'PROPFIND']);

/** Requests per run of the check: each costs one round trip, and each mutating one a snapshot after it. */
const PER_RUN = 8;

export const hostileInput = register({
  name: 'hostile_input',
  area: 'generic',
  kind: 'property',
  description:
    'Requests with prototype keys, nesting 200 deep, bad encodings and escapes, wrong content types, methods and credentials never get a 5xx; each mutating one that is refused leaves the workspace as it was.',
  rule: RULE,
  needs: { anyKey: ['paid', 'payg'] },
  sweeps: true,
  async run(ctx) {
    const kind = openKind(ctx);
    // Nothing heavy and no valid drafts: a target someone else runs gets nothing it would have to clean up.
    const options = { key: ctx.key(kind) };
    const all = [...hostileExamples(options), ...fc.sample(hostileRequest(options), { seed: ctx.seed, numRuns: Math.max(PER_RUN, ctx.runs * PER_RUN) })];
    const requests = all.filter((r) => !r.operationId || ctx.inScope(r.operationId));
    if (requests.length < all.length) ctx.notAsked(`${all.length - requests.length} hostile request(s) to operations outside the scope`);
    const now = await targetNow(ctx);
    const mutates = (r: HostileRequest) => !READS.has(r.method) && !(r.operationId === 'estimateWalletCharge' && r.path === '/wallet/estimate');
    // The workspace as it stood before the mutating request in hand: a hostile value the contract allows (an extra
    // field, a deep free-form object) may be saved, so each refused request is compared with the state just before
    // it, and an accepted one only moves the baseline on.
    let before = await snapshot(ctx.api, kind, now);
    for (const r of requests) {
      const mark = ctx.target.history.count;
      try {
        await ctx.target.fetch(joinUrl(ctx.target.baseUrl, r.path), { method: r.method, headers: r.headers, body: r.body, redirect: 'manual' });
      } catch (err) {
        // A 429 whose wait is longer than a run waits is the target's right (section 7 gives no bound): that request
        // was not seen, which is not a departure.
        if (err instanceof NotVerified) {
          ctx.partial(`${r.operationId ?? r.path}: ${err.message}`);
          continue;
        }
        // No answer at all (a reset, a crash) is as much a failure as a 5xx.
        ctx.fail({ operation: r.operationId, received: `no answer: ${(err as Error).message}`, documented: 'an answer with a status below 500', sequence: [r.label] });
        continue;
      }
      const e = ctx.target.history.since(mark).at(-1)!;
      // "Below 500" says nothing of what any documented outcome means, so it counts without marking one as asserted.
      asserted();
      if (e.status >= 500) {
        ctx.fail({ operation: r.operationId, received: `${e.status} ${show(e.responseBody, 200)}`, documented: 'never a 5xx: section 7 lists no server error', sequence: [r.label], reproduce: scriptOf([e]) });
      }
      if (!mutates(r)) continue;
      const after = await snapshot(ctx.api, kind, now);
      if (e.status >= 400) {
        const changes = diff(before, after);
        asserted();
        if (changes.length > 0) {
          ctx.fail({
            operation: r.operationId,
            received: `after a refused hostile request (${e.status}): ${changes.join('; ')}`,
            documented: 'a refused request saves nothing (section 7)',
            sequence: [`${r.label} -> ${e.status}`],
            reproduce: scriptOf([e]),
          });
        }
      }
      before = after;
    }
  },
});
