// positive_data_acceptance: valid requests (schema-valid, real ids, the reference's rules kept) are accepted, for every operation.
import { validGen, genEnv, openKind, everyTool, type Case } from '../arbitraries/requests.ts';
import { getValidator } from '../../spec/validator.ts';
import { ensure, got, NotVerified, register } from './registry.ts';

/** Operations whose success changes what other operations see last (a deleted channel), when parts share a world. */
const LAST = ['deleteIntegration'];

/** Every operation, one part each. */
const operations = () => getValidator().operations.map((o) => o.operationId).sort((a, b) => Number(LAST.includes(a)) - Number(LAST.includes(b)));

export const positiveDataAcceptance = register({
  name: 'positive_data_acceptance',
  area: 'generic',
  kind: 'property',
  description: 'For every operation, requests valid by the document (and by the reference rules the schema cannot express) get a 2xx answer.',
  rule: 'Section 4: each endpoint\'s Input and its Output (200); 400 is only for "Invalid request or validation failure" (section 7).',
  needs: { anyKey: ['paid', 'payg'] },
  parts: operations,
  async run(ctx) {
    const kind = openKind(ctx);
    const ops = ctx.part !== undefined ? [ctx.part] : operations();
    const missing: string[] = [];
    for (const operationId of ops) {
      const gen = validGen(operationId);
      if (!gen) {
        missing.push(operationId);
        continue;
      }
      const env = await genEnv(ctx, kind);
      // What the run was not given (a paid key, --media-url) leaves a part out; it is not a gap of the target's.
      if (kind !== 'paid' && ['generateVideo', 'runVideoFunction'].includes(operationId)) {
        ctx.notAsked(`${operationId}: needs the key of a paid workspace (AI generation is for paid plans)`);
        continue;
      }
      if (operationId === 'uploadMediaFromUrl' && !ctx.target.fetchableImageUrl) {
        ctx.notAsked(`${operationId}: needs --media-url, a public https image URL the target can fetch`);
        continue;
      }
      const arb = gen(env);
      if (typeof arb === 'string') {
        ctx.partial(`${operationId}: ${arb}`);
        continue;
      }
      const heavy = ['deleteIntegration'].includes(operationId);
      // fast-check counts examples among the runs: the helpers are sent on top of the run's draws.
      const examples = operationId === 'triggerIntegrationTool' ? everyTool(env) : [];
      await ctx.property(
        operationId,
        arb,
        async (c: Case) => {
          let spec;
          try {
            spec = await c.build(ctx);
          } catch (err) {
            if (err instanceof NotVerified) {
              ctx.partial(`${operationId}: ${err.message}`);
              return;
            }
            throw err;
          }
          const e = await ctx.api.call({ auth: { kind }, ...spec });
          const accepted = (e.status >= 200 && e.status < 300) || Boolean(c.accept?.[e.status]);
          if (c.accept?.[e.status]) ctx.partial(`${operationId}: answered ${e.status}, accepted because ${c.accept[e.status]}`);
          ensure(accepted, {
            operation: operationId,
            received: got(e),
            documented: `a 2xx for a valid request (${c.label.slice(0, 200)})`,
            exchanges: [e],
          });
        },
        { runs: heavy ? 1 : examples.length > 0 ? ctx.runs + examples.length : undefined, show: (c: Case) => [c.label], examples },
      );
    }
    if (missing.length > 0) ctx.partial(`no generator for ${missing.join(', ')}`);
  },
});
