// Proves the public document has exactly the operations, tags, security and documentation the contract plan fixes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSpec } from './load.ts';

const doc = loadSpec();
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** docs/dev/contract-plan.md's operations table (method, path, operationId, tag), read from the plan itself. */
const PLAN: Array<[string, string, string, string]> = readFileSync(new URL('../docs/dev/contract-plan.md', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => /^\| \d+ \| (GET|POST|PUT|PATCH|DELETE) \| (\S+) \| (\w+) \| ([^|]+) \|$/.exec(line))
  .filter((m): m is RegExpExecArray => m !== null)
  .map((m) => [m[1]!, m[2]!, m[3]!, m[4]!.trim()]);

const TAGS = ['Account and channels', 'Posts', 'Media', 'Analytics and notifications', 'Wallet', 'Skills', 'Brief', 'AI generation', 'Description'];
const PUBLIC = ['getOpenApiDocument', 'uploadWithTicket', 'uploadBriefFile'];
const AI = ['generateVideo', 'runVideoFunction'];

const SCHEMAS = [
  'Channel', 'ChannelCustomer', 'Group', 'PostSummary', 'CreatePosts', 'CreatePostsEntry', 'PostValueItem', 'PostImage', 'Tag',
  'CreatedPost', 'DeleteResult', 'Media', 'BriefUploadMedia', 'AnalyticsSeries', 'AnalyticsPoint', 'IntegrationSettings',
  'UploadTicket', 'WalletSummary', 'WalletAutoTopUp', 'WalletForecast', 'NotOnWallet', 'WalletPrices', 'WalletPriceSection',
  'WalletPriceItem', 'WalletTransactions', 'WalletTransaction', 'NotOnWalletTransactions', 'WalletEstimateRequest',
  'WalletEstimate', 'SkillsList', 'SkillTag', 'SkillSummary', 'Skill', 'BriefDocument', 'BriefContent', 'BriefBlock', 'BriefLink',
  'BriefAsset', 'SaveBriefDocument', 'BriefOnboardingStatus', 'BriefList', 'Error', 'PostValidationError', 'Unauthorized',
  'WalletRefusal', 'PlanRefusal', 'ChannelSettings', 'SettingsX', 'SettingsLinkedin', 'SettingsLinkedinPage', 'SettingsInstagram',
  'SettingsInstagramStandalone', 'SettingsFacebook', 'SettingsThreads', 'SettingsTiktok', 'SettingsYoutube', 'SettingsDiscord',
  'SettingsSanity', 'SettingsOther',
];

const PROVIDERS: Record<string, string> = {
  SettingsX: 'x', SettingsLinkedin: 'linkedin', SettingsLinkedinPage: 'linkedin-page', SettingsInstagram: 'instagram',
  SettingsInstagramStandalone: 'instagram-standalone', SettingsFacebook: 'facebook', SettingsThreads: 'threads',
  SettingsTiktok: 'tiktok', SettingsYoutube: 'youtube', SettingsDiscord: 'discord', SettingsSanity: 'sanity',
};

interface Op {
  method: string;
  path: string;
  op: Record<string, any>;
}

const operations: Op[] = Object.entries<any>(doc.paths).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((m) => ({ method: m.toUpperCase(), path, op: item[m] })),
);
const byId = new Map(operations.map((o) => [o.op.operationId as string, o]));

function deref(node: any): any {
  let current = node;
  while (current?.$ref) {
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((n: any, part: string) => n?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}

function hasExample(media: any): boolean {
  return media !== undefined && ('example' in media || Object.keys(media.examples ?? {}).length > 0);
}

describe('the public document', () => {
  it('is OpenAPI 3.1.0, version 1.0.0, served under {origin}/api/public/v1', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers).toEqual([{ url: '{origin}/api/public/v1', description: expect.any(String), variables: { origin: { default: 'http://127.0.0.1:4010' } } }]);
  });

  it('has exactly the operations of the contract plan', () => {
    expect(PLAN.length).toBeGreaterThan(0);
    expect(operations.map((o) => o.op.operationId).sort()).toEqual(PLAN.map(([, , id]) => id).sort());
  });

  it.each(PLAN)('%s %s is %s, tagged %s', (method, path, id, tag) => {
    const found = byId.get(id);
    expect(found && { method: found.method, path: found.path, tags: found.op.tags }).toEqual({ method, path, tags: [tag] });
  });

  it('has the nine tags of the plan, each described', () => {
    expect(doc.tags.map((t: any) => t.name)).toEqual(TAGS);
    for (const tag of doc.tags) expect(tag.description, tag.name).toBeTruthy();
  });

  it('uses one apiKey scheme in Authorization, applied globally', () => {
    expect(doc.components.securitySchemes).toEqual({
      apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: expect.stringContaining('Bearer') },
    });
    expect(doc.security).toEqual([{ apiKey: [] }]);
  });

  it.each(PUBLIC)('%s needs no credential', (id) => {
    expect(byId.get(id)?.op.security).toEqual([]);
  });

  it('declares 401 Unauthorized on every protected operation and only there', () => {
    for (const { op } of operations) {
      const isPublic = PUBLIC.includes(op.operationId);
      expect(op.security === undefined, op.operationId).toBe(!isPublic);
      if (isPublic) expect(op.responses['401'], op.operationId).toBeUndefined();
      else expect(op.responses['401'], op.operationId).toEqual({ $ref: '#/components/responses/Unauthorized' });
    }
  });

  it('answers 402 with a plan or a wallet refusal on AI endpoints (section 7: "for wallet or plan reasons") and a wallet refusal everywhere else', () => {
    for (const { op } of operations) {
      const refusal = op.responses['402'];
      if (!refusal) continue;
      const want = AI.includes(op.operationId) ? 'PlanOrWalletRefusal' : 'WalletRefusal';
      expect(refusal, op.operationId).toEqual({ $ref: `#/components/responses/${want}` });
    }
    for (const id of AI) expect(byId.get(id)?.op.responses['402'], id).toBeDefined();
  });

  it('declares 429 on createPosts only', () => {
    for (const { op } of operations) expect('429' in op.responses, op.operationId).toBe(op.operationId === 'createPosts');
  });

  it('gives every operation a summary and a description', () => {
    for (const { op } of operations) {
      expect(op.summary, op.operationId).toMatch(/\S/);
      expect(op.description, op.operationId).toMatch(/\S/);
    }
  });

  it('gives every response an application/json schema', () => {
    for (const { op } of operations) {
      for (const [status, raw] of Object.entries<any>(op.responses)) {
        const response = deref(raw);
        expect(response.content?.['application/json']?.schema, `${op.operationId} ${status}`).toBeDefined();
      }
    }
  });

  it('gives every 2xx JSON response and every JSON request body an example', () => {
    for (const { op } of operations) {
      const body = op.requestBody ? deref(op.requestBody) : undefined;
      const json = body?.content?.['application/json'];
      if (json) expect(hasExample(json), `${op.operationId} request`).toBe(true);
      for (const [status, raw] of Object.entries<any>(op.responses)) {
        if (!status.startsWith('2')) continue;
        const media = deref(raw).content?.['application/json'];
        if (media) expect(hasExample(media), `${op.operationId} ${status}`).toBe(true);
      }
    }
  });

  it('has every component schema the plan names', () => {
    for (const name of SCHEMAS) expect(doc.components.schemas[name], name).toBeDefined();
  });

  it.each(Object.entries(PROVIDERS))('%s is chosen by __type %s', (name, provider) => {
    expect(doc.components.schemas[name].properties.__type).toEqual({ const: provider });
    const branch = doc.components.schemas.ChannelSettings.allOf.find(
      (b: any) => b.if?.properties?.__type?.const === provider,
    );
    expect(branch?.then).toEqual({ $ref: `#/components/schemas/${name}` });
  });

  it('never forbids additional properties', () => {
    const offenders: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      if ((node as any).additionalProperties === false || (node as any).unevaluatedProperties === false) offenders.push(at);
      for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
    };
    walk(doc, '#');
    expect(offenders).toEqual([]);
  });

  it('declares X-Cached-At on channel analytics', () => {
    const header = byId.get('getChannelAnalytics')?.op.responses['200'].headers['X-Cached-At'];
    expect(header).toMatchObject({ required: true, schema: { type: 'string', format: 'date-time' } });
  });
});
