// Conditioned faults: a fault of the catalogue that acts only when a second condition holds (`double-charge@thread`,
// `missing-refund@frozen`). The catalogue's faults each need one condition to show, and the suites were proven against
// them; a server's bug often needs two at once (a wallet state and a transition, a charge and a repeating post), and a
// check that drives only one of the two misses it. Gating every fault by every condition is a mutation operator that
// combines conditions: `npm run mutation:pairs` scores the suites against all of them.
import type { MockState } from '../state.ts';
import type { Workspace } from '../../domain/world.ts';
import { isChargedProvider } from '../../domain/wallet-pricing.ts';
import { isPayAsYouGo } from '../../domain/billing.ts';
import type { FaultDefinition } from './helpers.ts';
import { decodeSegment, workspaceOf } from './helpers.ts';

/** What a condition sees of a request: the mock, the request, its JSON body if it has one, and the caller's workspace. */
export interface Seen {
  state: MockState;
  request: Request;
  body: unknown;
  ws: Workspace | undefined;
}

export interface Condition {
  name: string;
  description: string;
  holds(seen: Seen): boolean;
}

/** The entries of a `POST /posts` body as channel and item count, or those of the stored post a path names. */
function postShape(seen: Seen): { channels: string[]; items: number[]; inter: boolean } | undefined {
  const body = seen.body as any;
  if (Array.isArray(body?.posts)) {
    return { channels: body.posts.map((p: any) => String(p?.integration?.id)), items: body.posts.map((p: any) => (Array.isArray(p?.value) ? p.value.length : 0)), inter: Number(body.inter) > 0 };
  }
  const ws = seen.ws;
  if (!ws) return undefined;
  const parts = new URL(seen.request.url).pathname.split('/');
  const at = parts.lastIndexOf('posts');
  if (at < 0 || parts[at + 1] === undefined) return undefined;
  const group = parts[at + 1] === 'group' ? decodeSegment(parts[at + 2] ?? '') : ws.posts.rows.get(decodeSegment(parts[at + 1]!))?.group;
  const ids = group === undefined ? undefined : ws.posts.groups.get(group);
  if (!ids) return undefined;
  const rows = ids.map((id) => ws.posts.rows.get(id)).filter((r) => r !== undefined);
  const perChannel = new Map<string, number>();
  for (const r of rows) perChannel.set(r.channelId, (perChannel.get(r.channelId) ?? 0) + 1);
  return { channels: [...perChannel.keys()], items: [...perChannel.values()], inter: rows.some((r) => (r.inter ?? 0) > 0) };
}

export const CONDITIONS: Condition[] = [
  { name: 'paid', description: "the caller's workspace is on the paid plan", holds: ({ ws }) => ws?.plan === 'paid' },
  { name: 'before-top-up', description: "the caller's workspace is on the free plan and has never topped up", holds: ({ ws }) => ws?.plan === 'free' && !ws.wallet.toppedUp },
  { name: 'pay-as-you-go', description: "the caller's workspace is pay-as-you-go (topped up, not frozen)", holds: ({ ws }) => ws !== undefined && isPayAsYouGo(ws) },
  { name: 'frozen', description: "the caller's wallet is frozen", holds: ({ ws }) => ws?.wallet.frozen === true },
  { name: 'auto-top-up', description: "the caller's wallet has automatic top-up on", holds: ({ ws }) => ws?.wallet.autoTopUp.enabled === true },
  { name: 'thread', description: 'the post sent, or the one the path names, has more than one item on a channel', holds: (s) => postShape(s)?.items.some((n) => n > 1) === true },
  { name: 'repeating', description: 'the post sent, or the one the path names, repeats (`inter`)', holds: (s) => postShape(s)?.inter === true },
  { name: 'several-channels', description: 'the post sent, or the one the path names, is on more than one channel', holds: (s) => new Set(postShape(s)?.channels ?? []).size > 1 },
  {
    name: 'charged',
    description: 'the post sent, or the one the path names, is on a channel charged per post',
    holds: (s) => {
      const ws = s.ws;
      return ws !== undefined && (postShape(s)?.channels ?? []).some((id) => {
        const ch = ws.channels.find((c) => c.id === id);
        return ch !== undefined && isChargedProvider(s.state.world, ch.identifier);
      });
    },
  },
];

/** Why a fault cannot be conditioned, or undefined when it can: a condition is read per request. */
export function unconditionable(fault: Pick<FaultDefinition, 'install' | 'incoming' | 'outgoing'>): string | undefined {
  if (fault.install) return 'it acts outside a request (on the clock or a seam of the mock)';
  if (fault.incoming || fault.outgoing) return 'it rewrites every request or answer, before routing or after the reply';
  return undefined;
}

/** `fault@condition` split; the condition is undefined for a plain fault's name. */
export function splitName(name: string): { fault: string; condition?: string } {
  const at = name.indexOf('@');
  return at < 0 ? { fault: name } : { fault: name.slice(0, at), condition: name.slice(at + 1) };
}

/** What is wrong with a conditioned name (`fault@condition`), or undefined; the plain fault is checked by the caller. */
export function conditionProblem(name: string, fault: FaultDefinition | undefined): string | undefined {
  const { condition } = splitName(name);
  if (condition === undefined || !fault) return undefined;
  if (!CONDITIONS.some((c) => c.name === condition)) return `${name}: no condition ${condition} (conditions: ${CONDITIONS.map((c) => c.name).join(', ')})`;
  const why = unconditionable(fault);
  return why ? `${name}: ${fault.name} cannot be conditioned: ${why}` : undefined;
}

/** The requests on which a conditioned fault's condition held and the fault could act, per state: `npm run mutation:pairs` reads it to tell a pair never reached. */
const opened = new WeakMap<MockState, Map<string, number>>();

export function openedCount(state: MockState, name: string): number {
  return opened.get(state)?.get(name) ?? 0;
}

/** Whether the condition holds for this request, counted when it does. */
export function gateOpen(state: MockState, name: string, condition: Condition, request: Request, body: unknown): boolean {
  const holds = condition.holds({ state, request, body, ws: workspaceOf(state, request) });
  if (holds) {
    const counts = opened.get(state) ?? opened.set(state, new Map()).get(state)!;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return holds;
}

/** The JSON body of a request not yet read, or undefined (a condition on the body then does not hold). */
export async function jsonBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD' || !(request.headers.get('content-type') ?? '').includes('json')) return undefined;
  try {
    return JSON.parse(await request.clone().text());
  } catch {
    return undefined;
  }
}
