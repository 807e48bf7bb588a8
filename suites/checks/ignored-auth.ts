// ignored_auth: a missing, wrong or `Bearer`-prefixed credential gets 401 with the exact message of section 5; the three public operations need none.
import fc from 'fast-check';
import { validGen, genEnv, openKind } from '../arbitraries/requests.ts';
import { getValidator } from '../../spec/validator.ts';
import { scriptOf } from '../curl.ts';
import { diff, snapshot } from '../snapshot.ts';
import type { RequestSpec } from '../client.ts';
import { record } from '../discover.ts';
import { targetNow } from '../resources.ts';
import { got, NotVerified, register, show } from './registry.ts';

const MESSAGES = ['No API Key found', 'Invalid API key', 'Invalid OAuth token'];

/** An operation's part: its first tag, as the reference groups operations (`Account and channels` → account-and-channels). */
const partOf = (op: { tags: string[] }) => (op.tags[0] ?? 'untagged').toLowerCase().replace(/[^a-z0-9]+/g, '-');
const groups = () => [...new Set(getValidator().operations.map(partOf))];

export const ignoredAuth = register({
  name: 'ignored_auth',
  area: 'auth',
  kind: 'property',
  description: 'Every secured operation refuses a missing credential (401 "No API Key found"), a wrong key (401 "Invalid API key"), an unknown `pos_` token (401 "Invalid OAuth token") and a `Bearer`-prefixed valid key (401); a refused request changes nothing; GET /openapi.json needs no key.',
  rule: 'Section 5: "The value is sent on its own ... with no `Bearer` prefix on the REST API. A missing or wrong credential answers 401 with one of the messages `No API Key found`, `Invalid API key`, `Invalid OAuth token`."',
  needs: { anyKey: ['paid', 'payg'] },
  parts: groups,
  async run(ctx) {
    const kind = openKind(ctx);
    const key = ctx.key(kind);
    const validator = getValidator();
    const now = await targetNow(ctx);
    const variants: Array<{ label: string; auth: RequestSpec['auth']; message?: string }> = [
      { label: 'no Authorization header', auth: { none: true }, message: 'No API Key found' },
      { label: 'a wrong API key', auth: { header: `${key}-wrong` }, message: 'Invalid API key' },
      { label: 'an unknown OAuth token', auth: { header: 'pos_0000000000000000000000000000000000000000' }, message: 'Invalid OAuth token' },
      { label: 'the valid key with a Bearer prefix', auth: { header: `Bearer ${key}` } },
    ];
    // Build every request first (setup uses the key), then snapshot, then send them all without a valid credential.
    const planned: Array<{ op: (typeof validator.operations)[number]; spec: RequestSpec }> = [];
    const env = await genEnv(ctx, kind);
    for (const op of validator.operations.filter((o) => ctx.part === undefined || partOf(o) === ctx.part)) {
      const gen = validGen(op.operationId);
      const arb = gen ? gen(env) : 'no generator';
      let spec: RequestSpec | undefined;
      if (typeof arb !== 'string') {
        const [c] = fc.sample(arb, { seed: ctx.seed, numRuns: 1 });
        // Setup would itself need a key: build only the cheap ones, and use placeholders for the rest.
        try {
          spec = op.operationId === 'uploadWithTicket' || op.operationId === 'uploadBriefFile' || op.operationId === 'deleteIntegration' ? undefined : await c!.build(ctx);
        } catch (err) {
          if (!(err instanceof NotVerified)) throw err;
        }
      }
      // Auth comes before everything else, so a plausible request is enough where a real one cannot be built.
      spec ??= placeholder(op.operationId, op.path);
      planned.push({ op, spec });
    }
    const before = await snapshot(ctx.api, kind, now);
    const mark = ctx.target.history.count;
    for (const { op, spec } of planned) {
      if (!op.secured) {
        if (op.operationId === 'getOpenApiDocument') {
          const e = await ctx.api.call({ ...spec, auth: { none: true } });
          ctx.expect(e.status === 200, [e], { operation: op.operationId, received: got(e), documented: 'Section 4.9: "GET /openapi.json ... No key needed" (200)' });
        } else {
          // The ticket is the credential: an unknown ticket is "not found", never a demand for an API key.
          const e = await ctx.api.call({ ...spec, path: { token: '0'.repeat(64) }, auth: { none: true } });
          ctx.expect(e.status !== 401, [e], { operation: op.operationId, received: got(e), documented: 'Section 5.5: "The upload-ticket endpoints take the ticket in the path as the credential and no API key" (an unknown ticket is 404, not 401)' });
        }
        continue;
      }
      for (const v of variants) {
        const e = await ctx.api.call({ ...spec, auth: v.auth });
        // The refusal's body is what this check judges, so it is read unvalidated.
        const msg = record(e.responseBody)?.msg;
        const ok = e.status === 401 && (v.message ? msg === v.message : typeof msg === 'string' && MESSAGES.includes(msg));
        ctx.expect(ok, [e], {
          operation: op.operationId,
          received: got(e),
          documented: `401 {"msg": ${v.message ? show(v.message) : `one of ${MESSAGES.join(' / ')}`}} for ${v.label}. ${this.rule}`,
          sequence: [`${op.method.toUpperCase()} ${op.path} with ${v.label}`],
        });
      }
    }
    const after = await snapshot(ctx.api, kind, now);
    const changes = diff(before, after);
    ctx.expect(changes.length === 0, [], { received: changes.join('; '), documented: 'a request refused with 401 changes nothing', reproduce: scriptOf(ctx.target.history.since(mark).filter((e) => e.status === 401 || e.status < 300).slice(0, 30)) });
  },
});

function placeholder(operationId: string, template: string): RequestSpec {
  const path: Record<string, string> = {};
  for (const m of template.matchAll(/\{([^}]+)\}/g)) path[m[1]!] = m[1] === 'token' ? '0'.repeat(64) : 'placeholder';
  return { operationId, path };
}
