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
import { channelCustomerIdOnly, groupFilterIgnored, noSettingsNull, settingsSchemaUnrequired } from './channels.ts';
import { WEBHOOKS } from './webhooks.ts';
import { PLANS } from './plans.ts';
import { LIMITS } from './limits.ts';
import { BRIEF } from './brief.ts';
import { OAUTH } from './oauth.ts';
import { VARIATIONS } from '../variations.ts';

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
  ...WEBHOOKS,
  ...PLANS,
  ...LIMITS,
  ...BRIEF,
  ...OAUTH,
];

export function faultNames(): string[] {
  return FAULTS.map((f) => f.name);
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
  const unknown = [...state.faults].filter((f) => !FAULTS.some((d) => d.name === f));
  if (unknown.length > 0) {
    throw new Error(`Unknown fault(s): ${unknown.join(', ')}. Known: ${FAULTS.map((f) => f.name).join(', ')}`);
  }
  const strange = [...state.variations].filter((v) => !VARIATIONS.some((d) => d.name === v));
  if (strange.length > 0) throw new Error(`Unknown variation(s): ${strange.join(', ')}. Known: ${VARIATIONS.map((v) => v.name).join(', ')}`);
  const on: Array<Omit<FaultDefinition, 'caughtBy'>> = [...FAULTS.filter((fault) => state.faults.has(fault.name)), ...VARIATIONS.filter((v) => state.variations.has(v.name))];
  // Limits a fault lifted stay lifted only while it is on: the layer is built anew whenever the faults switch.
  liftLimits(state.config, undefined);
  if (on.length === 0) return undefined;
  for (const fault of on) fault.install?.(state);
  const rewrites = on.flatMap((f) => (f.request ? [(r: Request) => f.request!(r, state)] : []));
  const arriving = on.flatMap((f) => (f.incoming ? [(r: Request) => f.incoming!(r, state)] : []));
  const leaving = on.flatMap((f) => (f.outgoing ? [(r: Response) => f.outgoing!(r, state)] : []));
  const overrides = on.flatMap((f) => (f.override ? [{ operations: f.operations, after: f.override(state) }] : []));
  return {
    ...(arriving.length > 0 ? { incoming: (request: Request) => arriving.reduce((r, rewrite) => rewrite(r), request) } : {}),
    ...(leaving.length > 0 ? { outgoing: async (response: Response) => { for (const rewrite of leaving) response = await rewrite(response); return response; } } : {}),
    handler(operationId, handler) {
      let h: OperationHandler = typeof handler === 'function' ? { handle: handler } : handler;
      for (const fault of on) h = fault.handlers?.[operationId]?.(h, state) ?? h;
      return h;
    },
    decide(operationId) {
      const mine = overrides.filter((o) => !o.operations || o.operations.includes(operationId));
      if (rewrites.length === 0 && mine.length === 0) return undefined;
      return (decide) => async (call) => {
        const request = rewrites.reduce((r, rewrite) => rewrite(r), call.request);
        const startedAt = state.clock.now();
        const d = await decide({ ...call, request });
        if (d.kind !== 'reply') return d;
        let reply: Reply = { status: d.status, body: d.body, headers: d.headers };
        for (const o of mine) reply = o.after(reply, { operationId, request, startedAt }) ?? reply;
        return { kind: 'reply', ...reply };
      };
    },
  };
}
