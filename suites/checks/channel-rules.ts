// Channels (reference 2.1, 2.9, 2.10, 4.1): the group filter, each channel's settings schema, connecting a free provider before any top-up, and disconnecting one channel only.
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { record } from '../discover.ts';
import { resolve } from '../arbitraries/schema.ts';
import { documented } from '../documented.ts';
import type { JsonSchema } from '../json.ts';
import { providerSettings } from '../provider-settings.ts';
import type { KeyKind } from '../target.ts';
import { ensure, got, register, show } from './registry.ts';

const KINDS: KeyKind[] = ['paid', 'payg', 'free'];

export const groupFilterExact = register({
  name: 'group_filter_lists_exactly_its_channels',
  area: 'channels',
  kind: 'property',
  description: 'GET /integrations?group=<id> lists exactly the channels GET /integrations labels with that group (customer.id), for every group of GET /groups.',
  rule: 'Section 4.1: GET /integrations "query group (string, optional; group id from GET /groups)" — "Only that group\'s channels when group is given"; section 2.1: customer is "The group the channel is labelled with".',
  needs: { anyKey: KINDS },
  async run(ctx) {
    const kind = KINDS.find((k) => ctx.has(k))!;
    const all = await ctx.api.read({ operationId: 'listIntegrations', auth: { kind } }, 'every channel');
    const groups = await ctx.api.read({ operationId: 'listGroups', auth: { kind } }, 'the groups');
    const channels = documented(all, 'listIntegrations', 200);
    const labelled = documented(groups, 'listGroups', 200).filter((g) => channels.some((c) => c.customer?.id === g.id));
    // A filter that lists everything passes a workspace whose channels all share one group.
    if (labelled.length < 2 || channels.every((c) => c.customer?.id === labelled[0]!.id)) ctx.notVerified(`the ${kind} workspace has no two groups with channels`);
    for (const g of labelled) {
      const one = await ctx.api.read({ operationId: 'listIntegrations', auth: { kind }, query: { group: g.id } }, `the channels of group ${g.id}`);
      const listed = documented(one, 'listIntegrations', 200).map((c) => c.id).sort();
      const expected = channels.filter((c) => c.customer?.id === g.id).map((c) => c.id).sort();
      ensure(JSON.stringify(listed) === JSON.stringify(expected), {
        operation: 'listIntegrations',
        received: `group=${g.id}: ${show(listed)}`,
        documented: `the channels labelled with ${g.id} and only those: ${show(expected)}`,
        exchanges: [all, one],
      });
    }
  },
});

/**
 * An item of an array field that leaves out one of the item's required fields, for the first such field of these
 * settings (youtube's tags: `{value, label}`), or nothing: the item schema is one the document writes once and
 * references, so a served copy that lost it accepts the item.
 */
function brokenItem(settings: Record<string, unknown>, schema: JsonSchema): { field: string; settings: Record<string, unknown>; missing: string } | undefined {
  for (const [field, value] of Object.entries(settings)) {
    const items = resolve(resolve(schema.properties?.[field]).items);
    const missing = items.required?.[0];
    const first = record(Array.isArray(value) ? value[0] : undefined);
    if (!missing || !first) continue;
    const { [missing]: _left, ...rest } = first;
    return { field, settings: { ...settings, [field]: [rest] }, missing };
  }
  return undefined;
}

export const settingsSchemaDocumented = register({
  name: 'settings_schema_describes_the_provider',
  area: 'channels',
  kind: 'property',
  description:
    'GET /integration-settings/<id> for every channel of every workspace: settings is a JSON schema object or exactly "No additional settings required"; for a provider section 2.9 gives fields, it is a schema usable on its own (no reference left to resolve) that names those fields, accepts the documented settings and refuses them with any required field left out, or with a tag that is not {value, label} on youtube.',
  rule: 'Section 2.10: "settings is a JSON schema object, or the string No additional settings required"; section 2.9: "GET /integration-settings/<channel_id> gives the exact schema for a channel", with each provider\'s fields and which are required; youtube tags: "array of {value, label}".',
  needs: { anyKey: KINDS },
  async run(ctx) {
    // Every workspace the run has a key for: a server may build the schema per plan, and one plan's is all a check of
    // one workspace would see.
    const discovered = await ctx.discover();
    const channels = KINDS.filter((k) => ctx.has(k)).flatMap((kind) => (discovered.workspaces[kind]?.channels ?? []).map((ch) => ({ ch, kind })));
    if (!channels.some(({ ch }) => providerSettings(ch.identifier))) ctx.notVerified('no workspace of the run has a channel of a provider section 2.9 describes');
    for (const { ch, kind } of channels) {
      const e = await ctx.api.read({ operationId: 'getIntegrationSettings', auth: { kind }, path: { id: ch.id } }, `the settings schema of ${ch.id}`);
      const settings: unknown = record(e.responseBody)?.output && record(record(e.responseBody)!.output)?.settings;
      const of = `${ch.id} (${ch.identifier}, the ${kind} workspace)`;
      ensure(record(settings) || settings === 'No additional settings required', { operation: 'getIntegrationSettings', received: `settings ${show(settings, 200)} for ${of}`, documented: 'a JSON schema object or the string "No additional settings required"', exchanges: [e] });
      const doc = providerSettings(ch.identifier);
      // A provider with no field of its own (threads) may answer with the string.
      if (!doc || (doc.fields.length === 0 && typeof settings === 'string')) continue;
      const schema = record(settings);
      ensure(schema, { operation: 'getIntegrationSettings', received: `settings ${show(settings, 200)} for ${of}`, documented: `the schema of ${ch.identifier}'s settings, whose fields section 2.9 lists: ${doc.fields.join(', ')}`, exchanges: [e] });
      const props = record(schema.properties) ?? {};
      const unnamed = doc.fields.filter((f) => !(f in props));
      ensure(unnamed.length === 0, { operation: 'getIntegrationSettings', received: `a schema for ${of} without ${unnamed.join(', ')} among its properties: ${show(Object.keys(props))}`, documented: `"the exact schema for a channel": ${ch.identifier}'s fields are ${doc.fields.join(', ')}`, exchanges: [e] });
      let validate: ((v: unknown) => boolean) | undefined;
      let why = '';
      try {
        validate = new Ajv2020({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
      } catch (err) {
        why = (err as Error).message;
      }
      ensure(validate, { operation: 'getIntegrationSettings', received: `a schema for ${of} a client cannot use on its own (${why.slice(0, 200)}): ${show(schema, 300)}`, documented: '"a JSON schema object" giving "the exact schema for a channel"', exchanges: [e] });
      for (const example of doc.examples) {
        ensure(validate(example), { operation: 'getIntegrationSettings', received: `${of}'s schema refuses the documented settings ${show(example)}`, documented: 'section 2.9 settings for the provider pass its schema', exchanges: [e] });
        const broken = brokenItem(example, doc.schema);
        if (broken) {
          ensure(!validate(broken.settings), { operation: 'getIntegrationSettings', received: `${of}'s schema accepts an item of ${broken.field} without ${broken.missing}: ${show(broken.settings)}`, documented: `${broken.field}: each item has ${broken.missing} (section 2.9)`, exchanges: [e] });
        }
      }
      const valid = doc.examples[0]!;
      for (const field of doc.required) {
        const { [field]: _left, ...without } = valid;
        ensure(!validate(without), { operation: 'getIntegrationSettings', received: `${of}'s schema accepts settings without ${field}: ${show(without)}`, documented: `${field} is marked required in section 2.9`, exchanges: [e] });
      }
    }
  },
});

export const connectFreeProviders = register({
  name: 'connect_refused_only_charged_before_top_up',
  area: 'channels',
  kind: 'property',
  description:
    'GET /social/<provider> answers 200 {url} (also with refresh set to a channel of that provider) for every provider of a workspace\'s channels, except a provider on the price list (such as x) on a free workspace never topped up: after the first top-up (pay-as-you-go) and on a paid plan every one, and before it every provider the price list does not list.',
  rule: 'Section 4.1: GET /social/<integration> "402 when the workspace cannot use the provider yet (for x on a free workspace ...)"; section 2.8: "Channels not listed are free"; section 1: "Paid plan: the wallet is not used", pay-as-you-go "becomes true after the first wallet top-up"; refresh is the "id of an existing channel to reconnect".',
  needs: { anyKey: KINDS },
  async run(ctx) {
    for (const kind of KINDS.filter((k) => ctx.has(k))) {
      let channels = (await ctx.discover()).workspaces[kind]?.channels ?? [];
      let prices;
      if (kind === 'free') {
        prices = await ctx.api.read({ operationId: 'getWalletPrices', auth: { kind } }, 'the price list');
        const listed = new Set(documented(prices, 'getWalletPrices', 200).sections.flatMap((s) => s.items.map((i) => i.provider)));
        channels = channels.filter((c) => !listed.has(c.identifier));
      }
      for (const ch of channels) {
        for (const query of [{}, { refresh: ch.id }]) {
          const e = await ctx.api.call({ operationId: 'getSocialConnectUrl', auth: { kind }, path: { integration: ch.identifier }, query });
          ensure(e.status === 200 && typeof record(e.responseBody)?.url === 'string', {
            operation: 'getSocialConnectUrl',
            received: `${got(e)} for ${ch.identifier}${'refresh' in query ? ` with refresh=${ch.id}` : ''} on the ${kind} workspace`,
            documented:
              kind === 'free'
                ? `200 {url}: ${ch.identifier} is not on the price list ("Channels not listed are free"), so a free workspace can use it`
                : `200 {url}: ${kind === 'paid' ? 'a paid plan does not use the wallet' : 'a free workspace can use charged providers after its first top-up'}`,
            exchanges: [prices, e],
          });
        }
      }
    }
  },
});

export const disconnectOneChannel = register({
  name: 'disconnect_leaves_other_channels',
  area: 'channels',
  kind: 'property',
  description: 'DELETE /integrations/<id> of one channel: every other channel is still listed by GET /integrations, unchanged, and still answers GET /integration-settings.',
  rule: 'Section 4.1: DELETE /integrations/<id> "Disconnects the channel and deletes posts scheduled on it" — that channel, no other.',
  needs: { anyKey: KINDS, control: 'a world reset after each run (a channel is disconnected)' },
  async run(ctx) {
    const kind = KINDS.find((k) => ctx.has(k))!;
    const channels = (await ctx.discover()).workspaces[kind]?.channels ?? [];
    if (channels.length < 2) ctx.notVerified(`the ${kind} workspace has fewer than two channels`);
    await ctx.property(
      'the other channels stay',
      fc.constantFrom(...channels.map((c) => c.id)),
      async (id) => {
        const before = await ctx.api.read({ operationId: 'listIntegrations', auth: { kind } }, 'every channel');
        const del = await ctx.api.call({ operationId: 'deleteIntegration', auth: { kind }, path: { id } });
        ensure(del.status === 200, { operation: 'deleteIntegration', received: got(del), documented: '200 for a channel of the workspace', exchanges: [del] });
        const after = await ctx.api.read({ operationId: 'listIntegrations', auth: { kind } }, 'the channels left');
        const others = documented(before, 'listIntegrations', 200).filter((c) => c.id !== id);
        const left = new Map(documented(after, 'listIntegrations', 200).map((c) => [c.id, c]));
        const changed = others.filter((c) => JSON.stringify(left.get(c.id)) !== JSON.stringify(c));
        ensure(changed.length === 0, {
          operation: 'deleteIntegration',
          received: `after disconnecting ${id}: ${changed.map((c) => `${c.id} ${left.has(c.id) ? `now ${show(left.get(c.id))}` : 'gone'}`).join('; ')}`,
          documented: 'the other channels listed as before: "Disconnects the channel"',
          exchanges: [before, del, after],
        });
        const other = others[0]!;
        const s = await ctx.api.call({ operationId: 'getIntegrationSettings', auth: { kind }, path: { id: other.id } });
        ensure(s.status === 200, { operation: 'getIntegrationSettings', received: `${got(s)} for ${other.id} after disconnecting ${id}`, documented: '200: another channel of the workspace is still there', exchanges: [del, s] });
      },
      { reset: true, runs: Math.min(ctx.runs, 3), show: (id: string) => ['GET /integrations', `DELETE /integrations/${id}`, 'GET /integrations', 'GET /integration-settings/<another channel>'] },
    );
  },
});
