// documented_variant_meaning: each answer whose outcome the reference pins per plan or state means what it says there.
import { REFERENCE_OUTCOMES } from '../coverage.ts';
import { got, register } from './registry.ts';

export const documentedVariantMeaning = register({
  name: 'documented_variant_meaning',
  area: 'plans',
  kind: 'response',
  description: 'Wallet answers say usesWallet false exactly on the paid plan and payAsYouGo by top-up; 402s are wallet refusals on free before a top-up or when credits are short, plan refusals off the paid plan, never on paid; a brief ticket points at /brief-upload.',
  rule: 'Sections 1, 2.8, 4.3, 4.8 and 7 (see REFERENCE_OUTCOMES in suites/coverage.ts).',
  inspect(e, op, run) {
    for (const r of REFERENCE_OUTCOMES) {
      if (!r.meaning || !r.operationIds.includes(op.operationId) || !r.is(e, run.seen)) continue;
      run.asserted([r.id]);
      const broken = r.meaning(e, run.seen);
      if (broken) return { operation: op.operationId, received: `${broken}: ${got(e)}`, documented: `${r.id}: ${r.rule}` };
    }
    return undefined;
  },
});
