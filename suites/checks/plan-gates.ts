// plan_gates: before the first top-up a free workspace gets 402 {wallet: true} from skills, brief and `x` connect; AI is for paid plans
// (its 402 may be a plan or a wallet refusal: section 7 lists the AI endpoints among those that answer 402 "for wallet or plan reasons").
import { describeViolations, getValidator } from '../../spec/validator.ts';
import type { RequestSpec } from '../client.ts';
import { estimateOf } from '../wallet-helpers.ts';
import { ensure, got, register } from './registry.ts';

const GATED: RequestSpec[] = [
  { operationId: 'listSkills' },
  { operationId: 'getSkill', path: { slug: 'any-skill' } },
  { operationId: 'getBriefSchema' },
  { operationId: 'listBriefDocuments' },
  { operationId: 'getBriefOnboarding' },
  { operationId: 'getBriefDocument', path: { category: 'foundation', key: 'voice' } },
  { operationId: 'saveBriefDocument', path: { category: 'foundation', key: 'voice' }, body: { title: 'Voice' } },
  { operationId: 'deleteBriefDocument', path: { category: 'foundation', key: 'voice' } },
  { operationId: 'getSocialConnectUrl', path: { integration: 'x' } },
];
const AI: RequestSpec[] = [
  { operationId: 'generateVideo', body: { prompt: 'teaser' } },
  { operationId: 'runVideoFunction', body: { identifier: 'image-text-slides', functionName: 'loadVoices', params: {} } },
];

export const planGates = register({
  name: 'plan_gates',
  area: 'plans',
  kind: 'property',
  description: 'Free never topped up: skills, brief and GET /social/x answer 402 WalletRefusal (wallet: true); after the first top-up (pay-as-you-go) and on paid they are open; AI answers 402 (a plan or a wallet refusal) except on paid.',
  rule: 'Section 1: "On the free plan they are open only after the first wallet top-up and answer 402 before that"; 4.1: "402 ... for x on a free workspace with wallet: true"; 4.8: "paid plans only; 402 otherwise"; 7: AI endpoints answer 402 "for wallet or plan reasons".',
  needs: { anyKey: ['free', 'payg', 'paid'] },
  async run(ctx) {
    const v = getValidator();
    /** A 402 whose body is one of `schemas` (the first one's problems are named when it is none of them). */
    const refusal = (spec: RequestSpec, schemas: ('WalletRefusal' | 'PlanRefusal')[], e: Awaited<ReturnType<typeof ctx.api.call>>) => {
      const results = schemas.map((schema) => v.validateAt(`#/components/schemas/${schema}`, e.responseBody));
      const fits = results.some((violations) => violations.length === 0);
      const named = schemas.join(' or ');
      ensure(e.status === 402 && fits, { operation: spec.operationId, received: got(e), documented: `402 ${named}${fits ? '' : ` (${describeViolations(results[0]!).join('; ')})`}`, exchanges: [e] });
    };
    if (ctx.has('free')) {
      for (const spec of GATED) refusal(spec, ['WalletRefusal'], await ctx.api.call({ ...spec, auth: { kind: 'free' } }));
      for (const spec of AI) refusal(spec, ['PlanRefusal', 'WalletRefusal'], await ctx.api.call({ ...spec, auth: { kind: 'free' } }));
      // Section 1: the free plan uses the wallet even before a top-up, so an estimate is a WalletEstimate (usesWallet true).
      const est = await ctx.api.call({ operationId: 'estimateWalletCharge', auth: { kind: 'free' }, body: { provider: 'x', contents: ['gate'] } });
      ensure(estimateOf(est), { operation: 'estimateWalletCharge', received: got(est), documented: '200 WalletEstimate (usesWallet true) on the free plan: "Paid plan: the wallet is not used"', exchanges: [est] });
    } else ctx.partial('the 402 side needs the key of a free workspace never topped up');
    for (const kind of ['payg', 'paid'] as const) {
      if (!ctx.has(kind)) continue;
      for (const spec of GATED.filter((s) => ['listSkills', 'getBriefSchema', 'listBriefDocuments', 'getBriefOnboarding'].includes(s.operationId))) {
        const e = await ctx.api.call({ ...spec, auth: { kind } });
        ensure(e.status === 200, { operation: spec.operationId, received: got(e), documented: `200 on ${kind === 'paid' ? 'a paid plan' : 'a free plan after the first top-up'}`, exchanges: [e] });
      }
      if (kind === 'payg') for (const spec of AI) refusal(spec, ['PlanRefusal', 'WalletRefusal'], await ctx.api.call({ ...spec, auth: { kind } }));
    }
  },
});
