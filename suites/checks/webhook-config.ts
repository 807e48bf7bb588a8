// Webhook configuration (reference section 6), done in the app and so through control: a free plan's 30 webhooks, and the Send Test action's sample.
import { ControlError } from '../control.ts';
import { record } from '../discover.ts';
import type { KeyKind } from '../target.ts';
import { receiverUrl } from '../webhook-receivers.ts';
import { ensure, register, show, type CheckContext } from './registry.ts';

/** Workspaces on the free plan: never topped up, or topped up (pay-as-you-go is still the free plan). */
const FREE_PLAN: KeyKind[] = ['free', 'payg'];

export const freePlanWebhooks = register({
  name: 'free_plan_allows_30_webhooks',
  area: 'webhooks',
  kind: 'property',
  description: 'On a free-plan workspace, webhooks registered (as the app would, through control) up to 30 in all are accepted, and the 31st is refused.',
  rule: 'Section 6: "A free plan allows 30 webhooks"; section 8: "Webhooks on the free plan | 30".',
  needs: { anyKey: FREE_PLAN, control: 'webhooks are configured in the app, which control stands for' },
  async run(ctx) {
    const control = ctx.requireControl('webhooks are configured in the app');
    const kind = FREE_PLAN.find((k) => ctx.has(k))!;
    const ws = ctx.target.workspaceIds[kind] ?? ctx.notVerified(`control does not say which workspace the ${kind} key belongs to`);
    await control.setLimits({ allowLoopbackWebhooks: true });
    const existing: unknown[] = await control.webhooks(ws);
    if (existing.length > 30) ctx.notVerified(`the ${kind} workspace already has ${existing.length} webhooks`);
    const add = async (n: number) => {
      try {
        const hook = await control.createWebhook(ws, { name: `limit ${n}`, url: receiverUrl(`limit-${n}`), integrations: 'all' });
        ctx.cleanup(() => control.deleteWebhook(ws, hook.id));
        return undefined;
      } catch (err) {
        if (err instanceof ControlError) return `${err.status} ${show(err.body, 200)}`;
        throw err;
      }
    };
    for (let n = existing.length + 1; n <= 30; n++) {
      const refused = await add(n);
      ensure(refused === undefined, { operation: 'createWebhook (control)', received: `webhook number ${n} on the free-plan ${kind} workspace refused: ${refused}`, documented: '"A free plan allows 30 webhooks"', exchanges: [] });
    }
    const refused = await add(31);
    ensure(refused !== undefined && !refused.startsWith('5'), { operation: 'createWebhook (control)', received: refused ? `a 31st webhook answered ${refused}` : 'a 31st webhook accepted on a free-plan workspace', documented: '"A free plan allows 30 webhooks"', exchanges: [] });
  },
});

/** The first key the run has (paid, then pay-as-you-go, then free) and its workspace, as control knows it. */
function anyWorkspace(ctx: CheckContext): { kind: KeyKind; ws: string } {
  const kind = (['paid', 'payg', 'free'] as const).find((k) => ctx.has(k))!;
  return { kind, ws: ctx.target.workspaceIds[kind] ?? ctx.notVerified(`control does not say which workspace the ${kind} key belongs to`) };
}

export const testDeliverySample = register({
  name: 'send_test_sends_two_networks',
  area: 'webhooks',
  kind: 'property',
  description: "The app's Send Test action (through control) sends one request to the URL whose body is an array of two payload objects (id, content, publishDate, releaseURL, state PUBLISHED, integration {id, name, providerIdentifier, picture, type social or article}) on two different providers.",
  rule: 'Section 6: "the app\'s Send Test action sends a sample array of two example posts (one per two different networks) to the URL in the form"; the payload object table.',
  needs: { anyKey: ['paid', 'payg', 'free'], control: 'the Send Test action is in the app, which control stands for; deliveries are read through control' },
  async run(ctx) {
    const control = ctx.requireControl('the Send Test action is in the app');
    const { ws } = anyWorkspace(ctx);
    await control.setLimits({ allowLoopbackWebhooks: true });
    const url = receiverUrl(`send-test-${ctx.seed}`);
    const before = (await control.deliveries(ws)).filter((d) => d.url === url).length;
    await control.sendTestWebhook(ws, url);
    const sent = (await control.deliveries(ws)).filter((d) => d.url === url).slice(before);
    ensure(sent.length === 1, { operation: 'sendTestWebhook (control)', received: `${sent.length} request(s) to ${url}`, documented: 'one request to the URL in the form', exchanges: [] });
    const body = sent[0]!.body;
    const items = Array.isArray(body) ? body.map((p) => record(p)) : [];
    const problems = [
      Array.isArray(body) && body.length === 2 ? '' : `a body of ${Array.isArray(body) ? body.length : 'no'} object(s)`,
      ...items.map((p, i) => {
        const integ = record(p?.integration);
        const bad = [
          typeof p?.id === 'string' ? '' : 'id',
          typeof p?.content === 'string' ? '' : 'content',
          typeof p?.publishDate === 'string' && !Number.isNaN(Date.parse(p.publishDate)) ? '' : 'publishDate',
          typeof p?.releaseURL === 'string' ? '' : 'releaseURL',
          p?.state === 'PUBLISHED' ? '' : 'state',
          integ && typeof integ.id === 'string' && typeof integ.name === 'string' ? '' : 'integration id/name',
          typeof integ?.providerIdentifier === 'string' && integ.providerIdentifier !== '' ? '' : 'integration.providerIdentifier',
          integ?.type === 'social' || integ?.type === 'article' ? '' : 'integration.type',
        ].filter(Boolean);
        return bad.length ? `item ${i}: ${bad.join(', ')} off the payload table` : '';
      }),
      items.length === 2 && record(items[0]?.integration)?.providerIdentifier === record(items[1]?.integration)?.providerIdentifier ? 'both items on the same provider' : '',
    ].filter(Boolean);
    ensure(problems.length === 0, { operation: 'sendTestWebhook (control)', received: `${problems.join('; ')}: ${show(body, 500)}`, documented: '"a sample array of two example posts (one per two different networks)", each a section 6 payload object', exchanges: [] });
  },
});

/** Addresses the reference's "private and internal network addresses" names, none of them loopback (which a test target may allow for its receivers). */
const INTERNAL: Array<[string, string]> = [
  ['a private 10.0.0.0/8 address', 'https://10.0.0.7/hook'],
  ['a private 172.16.0.0/12 address', 'https://172.16.5.4/hook'],
  ['a private 192.168.0.0/16 address', 'https://192.168.1.20/hook'],
  ['the link-local metadata address', 'https://169.254.169.254/latest/meta-data'],
  ['an IPv6 unique-local address', 'https://[fd00::1]/hook'],
];

export const webhookUrlPublic = register({
  name: 'webhook_url_public_https',
  area: 'webhooks',
  kind: 'property',
  description: 'A webhook registered (as the app would, through control) with an https URL to a private or internal address (10/8, 172.16/12, 192.168/16, 169.254.169.254, fd00::/8), or with plain http to a public address, is refused with a 4xx and is not listed afterwards.',
  rule: 'Section 6: "Webhook configuration: a name; a URL that must be a public HTTPS address (private and internal network addresses are refused)".',
  needs: { anyKey: ['paid', 'payg', 'free'], control: 'webhooks are configured in the app, which control stands for' },
  async run(ctx) {
    const control = ctx.requireControl('webhooks are configured in the app');
    const { kind, ws } = anyWorkspace(ctx);
    // A refusal for the plan's count would say nothing of the address: only a workspace with room is asked.
    const existing: unknown[] = await control.webhooks(ws);
    if (kind !== 'paid' && existing.length >= 30) ctx.notVerified(`the ${kind} workspace already has ${existing.length} webhooks, the free plan's count`);
    const cases: Array<[string, string]> = [...INTERNAL, ['plain http to a public address', 'http://93.184.215.14/hook']];
    for (const [what, url] of cases) {
      let answer: string | undefined;
      try {
        const hook = await control.createWebhook(ws, { name: `internal ${what}`, url, integrations: 'all' });
        // Accepted: taken away again at once, so that no post of the run is ever delivered there.
        await control.deleteWebhook(ws, hook.id).catch(() => undefined);
      } catch (err) {
        if (!(err instanceof ControlError)) throw err;
        answer = `${err.status} ${show(err.body, 200)}`;
      }
      ensure(answer !== undefined && answer.startsWith('4'), { operation: 'createWebhook (control)', received: answer ? `${answer} for ${what} (${url})` : `a webhook to ${what} (${url}) accepted`, documented: 'a 4xx refusal: "a URL that must be a public HTTPS address (private and internal network addresses are refused)"', exchanges: [] });
      const listed = (await control.webhooks(ws)).filter((h) => record(h)?.url === url);
      ensure(listed.length === 0, { operation: 'listWebhooks (control)', received: `${listed.length} webhook(s) to ${url} listed after the refusal`, documented: 'a refused webhook is not registered', exchanges: [] });
    }
  },
});
