// The fault catalogue, Webhooks (section 6): each fault a realistic deviation from the contract and the checks that catch it.
import { type FaultDefinition, afterTick, around, nowIn, onOk, remember, rowsOf } from './helpers.ts';
import { sendWebhooks } from '../state.ts';
import { createWebhook, groupDeliveries, type OutboundWebhook } from '../../domain/webhooks.ts';
import type { MockState } from '../state.ts';
import type { Workspace } from '../../domain/world.ts';
import { threadRows } from '../../domain/posts.ts';

/** The thread a delivery's payload describes: its post's group on the payload's channel, in order. */
function threadOf(ws: Workspace | undefined, payload: any): ReturnType<typeof threadRows> {
  const group = ws?.posts.rows.get(String(payload.id))?.group;
  return ws && group ? threadRows(ws, group, String(payload.integration?.id)) : [];
}

/**
 * A fault in what a delivery carries: changes each one's body as it is sent (the record the mock keeps is that body).
 * Real deliveries by default; `test` for the Send Test action's sample instead.
 */
function deliveredAs(change: (body: any[], state: MockState, hook: OutboundWebhook) => unknown, test = false): NonNullable<FaultDefinition['install']> {
  return (state) => {
    const deliver = state.effects.deliverWebhook;
    state.effects.deliverWebhook = (hook: OutboundWebhook) => {
      if (hook.test !== test || !Array.isArray(hook.body)) return deliver(hook);
      // The record the mock keeps is made just before the send, synchronously: the last one, for this hook. A
      // variation worn with the fault may have given the hook a body of its own (its ids) before it reaches here, so
      // the record is changed from its own body, in the mock's ids, which the fault's lookups read.
      const last = state.world.deliveries.at(-1);
      const kept = last && (last.body === hook.body || (last.url === hook.url && last.webhookId === hook.webhookId && last.workspaceId === hook.workspaceId)) ? last : undefined;
      const body = change(hook.body, state, hook);
      if (kept) (kept as { body: unknown }).body = kept.body === hook.body || !Array.isArray(kept.body) ? body : change(kept.body, state, hook);
      return deliver({ ...hook, body: body as unknown[] });
    };
  };
}

/** The webhooks faults, in the catalogue's order. */
export const WEBHOOKS: FaultDefinition[] = [
  {
    name: 'webhook-per-thread-item',
    area: 'webhooks',
    description: 'Every thread item that goes out sends its own webhook request (describing that item), on top of the one for the group once the chain is out.',
    caughtBy: ['webhook_per_group'],
    install: afterTick((state, result) => {
      for (const { ws, row } of rowsOf(state, result.published)) if (row.index > 0) sendWebhooks(state, groupDeliveries(state.world, ws, row));
    }),
  },
  {
    name: 'webhook-state-queue',
    area: 'webhooks',
    description: 'A delivery describes the post with the state it had when the send began, `QUEUE`, instead of `PUBLISHED`.',
    caughtBy: ['webhook_per_group'],
    install: deliveredAs((body) => body.map((p) => ({ ...p, state: 'QUEUE' }))),
  },
  {
    name: 'webhook-date-of-sending',
    area: 'webhooks',
    description: "A delivery's `publishDate` is when the request was sent, not the post's date on the calendar.",
    caughtBy: ['webhook_per_group'],
    install: deliveredAs((body, state) => body.map((p) => ({ ...p, publishDate: new Date(state.clock.now() + 1000).toISOString() }))),
  },
  {
    name: 'webhook-content-of-thread',
    area: 'webhooks',
    description: "A delivery's `content` is the whole thread's text, its items joined by new lines, not the first post's text as stored.",
    caughtBy: ['webhook_per_group'],
    install: deliveredAs((body, state, hook) => {
      const ws = state.world.workspaces.get(hook.workspaceId);
      return body.map((p) => {
        const rows = threadOf(ws, p);
        return rows.length > 1 ? { ...p, content: rows.map((r) => r.content).join('\n') } : p;
      });
    }),
  },
  {
    name: 'webhook-describes-last-item',
    area: 'webhooks',
    description: "A thread's delivery carries the id of the item that finished the chain, not the group's first post.",
    caughtBy: ['webhook_per_group'],
    install: deliveredAs((body, state, hook) => {
      const ws = state.world.workspaces.get(hook.workspaceId);
      return body.map((p) => {
        const last = threadOf(ws, p).at(-1);
        return last ? { ...p, id: last.id } : p;
      });
    }),
  },
  {
    name: 'webhook-object-not-array',
    area: 'webhooks',
    description: 'A real delivery sends the post as a JSON object, not as an array holding it.',
    caughtBy: ['webhook_per_group'],
    install: deliveredAs((body) => body[0]),
  },
  {
    name: 'webhook-retried',
    area: 'webhooks',
    description: 'A delivery the endpoint does not take (an error or a 5xx) is sent again a moment later, once.',
    caughtBy: ['webhook_per_group'],
    install: (state) => {
      const deliver = state.effects.deliverWebhook;
      state.effects.deliverWebhook = async (hook: OutboundWebhook) => {
        const result = await deliver(hook);
        if (!hook.test && !(hook as { retried?: boolean }).retried && (result.error !== null || (result.status ?? 0) >= 500)) sendWebhooks(state, [{ ...hook, retried: true } as OutboundWebhook]);
        return result;
      };
    },
  },
  {
    name: 'webhook-on-failed-send',
    area: 'webhooks',
    description: 'A send that fails fires the event too, as if the sender reported every finished attempt: a failed publish sends the group\'s request to each covering webhook.',
    caughtBy: ['webhook_per_group'],
    install: afterTick((state, result) => {
      for (const { ws, row } of rowsOf(state, result.failed)) if (row.index === 0) sendWebhooks(state, groupDeliveries(state.world, ws, row));
    }),
  },
  {
    name: 'webhook-on-schedule',
    area: 'webhooks',
    description: 'Saving a scheduled post fires the event at once (a "post saved" hook wired to the webhooks), before the post is published.',
    caughtBy: ['webhook_per_group'],
    operations: ['createPosts'],
    override: onOk((state, r, ws) => {
      if (!Array.isArray(r.body)) return undefined;
      for (const made of r.body as Array<{ postId?: unknown }>) {
        const row = ws.posts.rows.get(String(made?.postId));
        if (row && row.state === 'QUEUE' && row.index === 0) sendWebhooks(state, groupDeliveries(state.world, ws, row));
      }
      return undefined;
    }),
  },
  {
    name: 'webhook-for-draft',
    area: 'webhooks',
    description: "The sender's sweep fires the event for every post whose date has come, drafts included: a draft sends a request to each covering webhook at its date.",
    caughtBy: ['webhook_per_group'],
    install: afterTick((state) => {
      const sent = remember(state.world);
      for (const ws of state.world.workspaces.values()) {
        const now = nowIn(state, ws);
        for (const row of ws.posts.rows.values()) {
          if (row.state !== 'DRAFT' || row.index !== 0 || row.publishAt > now || sent.has(`draft:${row.id}`)) continue;
          sent.set(`draft:${row.id}`, true);
          sendWebhooks(state, groupDeliveries(state.world, ws, row));
        }
      }
    }),
  },
  {
    name: 'webhook-integration-unnamed',
    area: 'webhooks',
    description: "A delivery's `integration` carries `id`, `providerIdentifier` and `type` only: the serializer leaves out the channel's `name` and `picture`.",
    caughtBy: ['webhook_per_group'],
    install: deliveredAs((body) => body.map((p) => ({ ...p, integration: { id: p.integration?.id, providerIdentifier: p.integration?.providerIdentifier, type: p.integration?.type } }))),
  },
  {
    name: 'send-test-one-network',
    area: 'webhooks',
    description: "The Send Test action's sample holds two example posts on the same network (both on `x`), not one on each of two.",
    caughtBy: ['send_test_sends_two_networks'],
    install: deliveredAs((body) => body.map((p) => ({ ...p, integration: { ...body[0].integration, id: p.integration?.id, name: p.integration?.name } })), true),
  },
  {
    name: 'webhook-private-url-accepted',
    area: 'webhooks',
    description: 'A webhook URL is checked for its scheme alone: an `https` URL to a private or internal address (`10.0.0.0/8`, `192.168.0.0/16`, `169.254.169.254`) is registered.',
    caughtBy: ['webhook_url_public_https'],
    handlers: {
      createWebhook: (inner) =>
        around(inner, (ctx, handle) => {
          const ws = ctx.world.workspaces.get(ctx.params.id);
          let https = false;
          try {
            https = new URL(String(ctx.body?.url)).protocol === 'https:';
          } catch {
            https = false;
          }
          if (!ws || !https) return handle(ctx);
          return { status: 201, body: createWebhook(ctx.world, ws, { name: ctx.body.name, url: ctx.body.url, integrations: ctx.body.integrations }, ctx.env) };
        }),
    },
  },
  {
    name: 'free-webhooks-31',
    area: 'webhooks',
    description: 'The free plan\'s webhook count is compared with `>` instead of `>=`: a free-plan workspace registers a 31st webhook.',
    caughtBy: ['free_plan_allows_30_webhooks'],
    handlers: {
      createWebhook: (inner) => around(inner, (ctx, handle) => handle({ ...ctx, world: { ...ctx.world, config: { ...ctx.world.config, freeWebhookLimit: ctx.world.config.freeWebhookLimit + 1 } } })),
    },
  },
];
