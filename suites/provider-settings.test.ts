// The providers as the document describes them (suites/provider-settings.ts) and as the mock's catalogue has them
// (fixtures/providers.json): the two agree, the settings rules the suites break are all there, and the count of source
// files that name a provider stays within its bound (a provider with no rule of its own in at most 2, all in at most 40).
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { bundledFixtures } from '../fixtures/bundled.ts';
import { loadSpec } from '../spec/load.ts';
import { providerMentions } from '../scripts/provider-mentions.ts';
import { documentedProviders } from './provider-settings.ts';

const providers = [...documentedProviders().values()];
const catalogue = bundledFixtures().providers;

describe('the providers the document describes', () => {
  it('are the ChannelSettings branches, and the catch-all branch lists each of them', () => {
    const channelSettings = loadSpec().components.schemas.ChannelSettings;
    const listed: string[] = channelSettings.allOf.find((b: { else?: unknown }) => b.else).if.properties.__type.enum;
    expect(providers.map((p) => p.provider)).toEqual(listed);
  });

  it('each have a row in the mock catalogue, so the mock serves and checks them', () => {
    for (const p of providers) expect(catalogue[p.provider], p.provider).toBeDefined();
  });

  it('give examples their own schema accepts, and each breakage is refused by it', () => {
    const doc = loadSpec();
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    for (const [name, schema] of Object.entries(doc.components.schemas)) ajv.addSchema(schema as object, `#/components/schemas/${name}`);
    for (const p of providers) {
      const validate = ajv.getSchema(`#/components/schemas/${p.schemaName}`)!;
      for (const e of p.examples) expect(validate(e), `${p.provider} ${JSON.stringify(e)}`).toBe(true);
      for (const b of p.breakages) {
        const broken: Record<string, unknown> = { ...p.examples[0], ...b.set };
        if (b.how === 'left out') delete broken[b.field];
        expect(validate(broken), `${p.provider}: ${b.field} ${b.how}`).toBe(false);
      }
    }
  });

  it("keep every settings rule section 2.9 states: settings_refused's 36 cases, by provider, field and how", () => {
    const cases = providers.flatMap((p) => p.breakages.map((b) => `${p.provider} ${b.field} ${b.how}`));
    expect(cases).toHaveLength(36);
    const tiktokRequired = ['duet', 'stitch', 'comment', 'autoAddMusic', 'brand_organic_toggle', 'brand_content_toggle'].map((f) => `tiktok ${f} left out`);
    const instagram = (p: string) => [`${p} post_type left out`, `${p} post_type outside its list`, `${p} graduation_strategy outside its list`, `${p} audio.audio_volume over its bound`, `${p} audio.video_volume over its bound`];
    expect(new Set(cases)).toEqual(
      new Set([
        'x who_can_reply_post left out',
        'x who_can_reply_post outside its list',
        ...instagram('instagram'),
        ...instagram('instagram-standalone'),
        'facebook post_type outside its list',
        'tiktok content_posting_method left out',
        'tiktok content_posting_method outside its list',
        'tiktok privacy_level left out',
        'tiktok privacy_level outside its list',
        ...tiktokRequired,
        'tiktok autoAddMusic outside its list',
        'tiktok title over its bound',
        'tiktok brand_content_toggle against its rule',
        'tiktok disclose against its rule',
        'youtube title left out',
        'youtube type left out',
        'youtube type outside its list',
        'youtube selfDeclaredMadeForKids outside its list',
        'youtube title over its bound',
        'discord channel left out',
        'discord title over its bound',
        'sanity documentId left out',
      ]),
    );
    // youtube's title is broken on both sides of "2 to 100 characters".
    expect(cases.filter((c) => c === 'youtube title over its bound')).toHaveLength(2);
  });
});

describe('where providers are named', () => {
  // The bound: a provider with no rule of its own in the reference is named in at most 2 source files, and all of
  // them together in at most 40 file-mentions (`npm run providers:mentions` prints the counts and, with --files, where).
  const mentions = providerMentions();

  it('sanity, a provider with no rule of its own, is named in at most 2 source files', () => {
    expect(mentions.get('sanity')!.length, mentions.get('sanity')!.join(', ')).toBeLessThanOrEqual(2);
  });

  it('all providers together in at most 40 file-mentions', () => {
    const total = [...mentions.values()].reduce((n, files) => n + files.length, 0);
    expect(total, JSON.stringify(Object.fromEntries(mentions))).toBeLessThanOrEqual(40);
  });
});
