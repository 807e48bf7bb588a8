// The fault catalogue: named, realistic deviations from the contract, switched on at start to prove the suites catch
// them. Each wraps the mock from outside, as an MSW override is put in front of a handler: around an operation's
// handler, around its decided reply, or around the request. With no fault switched on, nothing here is on the request
// path. One file per area (as suites/checks/ has one per check); this index puts them in the catalogue's order, which
// the README's table (npm run faults:table) and GET /_mock/faults list.
import type { MockState } from '../state.ts';
import type { Decide, HandlerMap, OperationHandler } from '../pipeline.ts';
import type { FaultDefinition, Reply } from './helpers.ts';
import { liftLimits } from '../../domain/world.ts';
import { AUTH } from './auth.ts';
import { GENERIC } from './generic.ts';
import { MEDIA } from './media.ts';
import { ANALYTICS } from './analytics.ts';
import { WALLET } from './wallet.ts';
import { findSlotIgnoresPosts, imageOnlyItemRefused, POSTS, youtubeTagsUnchecked } from './posts.ts';
import { CHANNELS, channelCustomerIdOnly, groupFilterIgnored, noSettingsNull, settingsSchemaUnrequired } from './channels.ts';
import { WEBHOOKS } from './webhooks.ts';
import { PLANS } from './plans.ts';
import { LIMITS } from './limits.ts';
import { BRIEF } from './brief.ts';
import { OAUTH } from './oauth.ts';
import { VARIATIONS } from '../variations.ts';
import { CONDITIONS, conditionProblem, gateOpen, jsonBody, splitName, type Condition } from './conditions.ts';

export type { FaultDefinition, Reply };

/** `list` with each group of `placed` put right after the fault it names. */
function after(list: FaultDefinition[], placed: Record<string, FaultDefinition[]>): FaultDefinition[] {
  return list.flatMap((f) => [f, ...(placed[f.name] ?? [])]);
}

export const FAULTS: FaultDefinition[] = [
  ...AUTH,
  ...GENERIC,
  ...MEDIA,
  ...ANALYTICS,
  // Four faults of other areas were added with the wallet's survivors and have sat among its faults since: the
  // catalogue keeps them there, so its order (and the README's table) does not change.
  ...after(WALLET, {
    'forecast-skips-repeating': [findSlotIgnoresPosts],
    'prices-filter-ignored': [imageOnlyItemRefused, youtubeTagsUnchecked, groupFilterIgnored, channelCustomerIdOnly, noSettingsNull, settingsSchemaUnrequired],
  }),
  ...POSTS,
  ...CHANNELS,
  ...WEBHOOKS,
  ...PLANS,
  ...LIMITS,
  ...BRIEF,
  ...OAUTH,
];

export function faultNames(): string[] {
  return FAULTS.map((f) => f.name);
}

/** What is wrong with a fault's name (a catalogue fault, or one conditioned as `fault@condition`), or undefined. */
export function faultNameProblem(name: string): string | undefined {
  const fault = FAULTS.find((f) => f.name === splitName(name).fault);
  if (!fault) return `unknown fault ${splitName(name).fault}`;
  return conditionProblem(name, fault);
}


/** The faults switched on, as layers the mock puts around its operations when it mounts them. */
export interface FaultLayer {
  /** The operation's handler, wrapped by every fault that changes how it acts. */
  handler(operationId: string, handler: HandlerMap[string]): OperationHandler;
  /** A layer around the operation's decision (request rewrites, reply overrides), or none. */
  decide(operationId: string): ((decide: Decide) => Decide) | undefined;
  /** The request as the mock routes it, when a layer rewrites what arrives (its path included); else absent. */
  incoming?(request: Request): Request;
  /** The answer as it leaves, when a layer rewrites every answer; else absent. */
  outgoing?(response: Response): Promise<Response>;
}

/**
 * Switch on the state's faults and variations (unknown names are an error); undefined when none is, so that nothing
 * wraps anything. A variation (mocks/http/variations.ts) is a legal choice, worn the way a fault is.
 */
export function faultLayer(state: MockState): FaultLayer | undefined {
  const problems = [...state.faults].flatMap((f) => faultNameProblem(f) ?? []);
  if (problems.length > 0) {
    throw new Error(`${problems.join('; ')}. Known: ${FAULTS.map((f) => f.name).join(', ')}; a fault may be conditioned as fault@condition (${CONDITIONS.map((c) => c.name).join(', ')})`);
  }
  const strange = [...state.variations].filter((v) => !VARIATIONS.some((d) => d.name === v));
  if (strange.length > 0) throw new Error(`Unknown variation(s): ${strange.join(', ')}. Known: ${VARIATIONS.map((v) => v.name).join(', ')}`);
  // A conditioned fault (`fault@condition`) acts on a request only when its condition holds for it.
  type On = Omit<FaultDefinition, 'caughtBy'> & { gate?: { name: string; condition: Condition } };
  const switched: On[] = [...state.faults].map((name) => {
    const { fault, condition } = splitName(name);
    const def = FAULTS.find((f) => f.name === fault)!;
    return condition === undefined ? def : { ...def, gate: { name, condition: CONDITIONS.find((c) => c.name === condition)! } };
  });
  const on: On[] = [...FAULTS.flatMap((f) => switched.filter((s) => s.name === f.name)), ...VARIATIONS.filter((v) => state.variations.has(v.name))];
  // Limits a fault lifted stay lifted only while it is on: the layer is built anew whenever the faults switch.
  liftLimits(state.config, undefined);
  if (on.length === 0) return undefined;
  for (const fault of on) fault.install?.(state);
  const open = (f: On, request: Request, body: unknown) => !f.gate || gateOpen(state, f.gate.name, f.gate.condition, request, body);
  // A rewrite runs before the body is read: a condition on the body does not hold for it.
  const rewrites = on.flatMap((f) => (f.request ? [(r: Request) => (open(f, r, undefined) ? f.request!(r, state) : r)] : []));
  const arriving = on.flatMap((f) => (f.incoming ? [(r: Request) => f.incoming!(r, state)] : []));
  const leaving = on.flatMap((f) => (f.outgoing ? [(r: Response) => f.outgoing!(r, state)] : []));
  const overrides = on.flatMap((f) => (f.override ? [{ operations: f.operations, after: f.override(state), fault: f }] : []));
  return {
    ...(arriving.length > 0 ? { incoming: (request: Request) => arriving.reduce((r, rewrite) => rewrite(r), request) } : {}),
    ...(leaving.length > 0 ? { outgoing: async (response: Response) => { for (const rewrite of leaving) response = await rewrite(response); return response; } } : {}),
    handler(operationId, handler) {
      let h: OperationHandler = typeof handler === 'function' ? { handle: handler } : handler;
      for (const fault of on) {
        const plain = h;
        const faulted = fault.handlers?.[operationId]?.(plain, state);
        if (!faulted) continue;
        if (!fault.gate) {
          h = faulted;
          continue;
        }
        // One decision per request, for each part of the handler it meets: a fault that lets a violation through
        // (`defer`) must also act on it, and one that does not act must not have let it through.
        const decided = new WeakMap<object, boolean>();
        const acting = (ctx: Parameters<OperationHandler['handle']>[0]) => {
          let acts = decided.get(ctx);
          if (acts === undefined) decided.set(ctx, (acts = open(fault, ctx.request, ctx.body)));
          return acts ? faulted : plain;
        };
        h = {
          ...faulted,
          handle: (ctx) => acting(ctx).handle(ctx),
          ...(faulted.defer || plain.defer ? { defer: (ctx, v) => acting(ctx).defer?.(ctx, v) ?? false } : {}),
          // Admission comes before the body is read: a fault that leaves it as it was must not decide there.
          ...(faulted.admit !== plain.admit ? { admit: (ctx: Parameters<OperationHandler['handle']>[0]) => acting(ctx).admit?.(ctx) } : {}),
        };
      }
      return h;
    },
    decide(operationId) {
      const mine = overrides.filter((o) => !o.operations || o.operations.includes(operationId));
      if (rewrites.length === 0 && mine.length === 0) return undefined;
      const gated = mine.some((o) => o.fault.gate);
      return (decide) => async (call) => {
        const request = rewrites.reduce((r, rewrite) => rewrite(r), call.request);
        // A conditioned override's condition is read before the operation acts, on the world the request found.
        const body = gated ? await jsonBody(request) : undefined;
        const acting = mine.filter((o) => open(o.fault, request, body));
        const startedAt = state.clock.now();
        const d = await decide({ ...call, request });
        if (d.kind !== 'reply') return d;
        let reply: Reply = { status: d.status, body: d.body, headers: d.headers };
        for (const o of acting) reply = o.after(reply, { operationId, request, startedAt }) ?? reply;
        return { kind: 'reply', ...reply };
      };
    },
  };
}
