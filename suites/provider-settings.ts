// What the contract document says of each provider's settings (reference 2.9), read from `ChannelSettings` and the
// `Settings<Provider>` schemas it picks by `__type`: the providers, their fields and required fields, settings they
// accept (each schema's `examples`) and the ways to break them. A provider is added to the suites by adding its schema
// to the document; nothing here names one.
import { loadSpec } from '../spec/load.ts';
import { asSchema, record, type JsonSchema as Schema } from './json.ts';

/**
 * One way to break a provider's settings, as section 2.9 states the rule it breaks.
 * - `left out`: a required field (or one required by another field's value) is missing;
 * - `outside its list`: a value not among the field's allowed values;
 * - `over its bound`: a length or number outside the bound the field's schema gives;
 * - `against its rule`: a combination the field's notes forbid.
 * The first two answer "400 naming the channel and the problem" (section 2.9); the last two are a "validation failure"
 * (section 7: 400), whose body the reference does not word.
 */
export interface Breakage {
  field: string;
  how: 'left out' | 'outside its list' | 'over its bound' | 'against its rule';
  /** The fields set over the valid settings (for `outside its list`, the unlisted value is `set[field]`). */
  set?: Record<string, unknown>;
  /** Section 2.9's words for the rule broken. */
  rule: string;
}

export interface ProviderSettings {
  /** The `__type`, the provider identifier. */
  provider: string;
  /** The component's name (`SettingsX`). */
  schemaName: string;
  schema: Schema;
  /** Every field but `__type`. */
  fields: string[];
  /** The fields the schema requires, `__type` aside. */
  required: string[];
  /** Settings the document gives as valid, `__type` included; the first is the one a single valid post uses. */
  examples: Array<Record<string, unknown>>;
  /** Every rule the schema states or its `x-invalid` lists, each as a way to break `examples[0]`. */
  breakages: Breakage[];
}

/** A text of `n` characters (the last one marks the end, so a server cutting it short is seen). */
export const chars = (n: number): string => (n <= 0 ? '' : 'spring launch '.repeat(Math.ceil(n / 14)).slice(0, n - 1) + '.');

/** A value no allowed list in the document holds. */
const UNLISTED = 'not-on-the-list';

function typeWords(s: Schema): string {
  return Array.isArray(s.type) ? s.type.join(' or ') : (s.type ?? 'value');
}

/** The breakages a field's own schema states: required, an allowed list, a length or number bound. */
function fieldBreakages(field: string, s: Schema, required: boolean): Breakage[] {
  const out: Breakage[] = [];
  if (required) out.push({ field, how: 'left out', rule: `${field}: ${typeWords(s)}, required` });
  if (Array.isArray(s.enum)) {
    const value = s.enum.includes(UNLISTED) ? `${UNLISTED}-too` : UNLISTED;
    out.push({ field, how: 'outside its list', set: { [field]: value }, rule: `${field}: ${s.enum.map((v) => `\`${String(v)}\``).join(', ')}` });
  }
  const length = s.minLength !== undefined && s.maxLength !== undefined ? `${s.minLength} to ${s.maxLength} characters` : s.maxLength !== undefined ? `up to ${s.maxLength} characters` : `at least ${s.minLength} characters`;
  if (typeof s.minLength === 'number' && s.minLength > 0) out.push({ field, how: 'over its bound', set: { [field]: chars(s.minLength - 1) }, rule: `${field}: ${length}` });
  if (typeof s.maxLength === 'number') out.push({ field, how: 'over its bound', set: { [field]: chars(s.maxLength + 1) }, rule: `${field}: ${length}` });
  const range = `${s.minimum ?? ''} to ${s.maximum ?? ''}`.trim();
  if (typeof s.minimum === 'number') out.push({ field, how: 'over its bound', set: { [field]: s.minimum - 1 }, rule: `${field}: ${range}` });
  if (typeof s.maximum === 'number') out.push({ field, how: 'over its bound', set: { [field]: s.maximum + 1 }, rule: `${field}: ${range}` });
  return out;
}

/** The rules a schema cannot state on one field (a field required by another's value, a forbidden combination). */
function listedBreakages(schema: Schema, schemaName: string): Breakage[] {
  const listed = schema['x-invalid'];
  if (listed === undefined) return [];
  if (!Array.isArray(listed)) throw new Error(`${schemaName}: x-invalid is not a list`);
  return listed.map((raw, i): Breakage => {
    const entry = record(raw);
    const unset = entry?.unset;
    const set = record(entry?.set);
    const field = typeof entry?.field === 'string' ? entry.field : typeof unset === 'string' ? unset : undefined;
    if (!entry || typeof entry.rule !== 'string' || !field || (unset === undefined && !set)) {
      throw new Error(`${schemaName}: x-invalid[${i}] needs a rule and a field it unsets or sets: ${JSON.stringify(raw)}`);
    }
    const how = typeof unset === 'string' ? 'left out' : ((entry.how as Breakage['how'] | undefined) ?? 'against its rule');
    return { field, how, ...(set ? { set } : {}), rule: entry.rule };
  });
}

function readProvider(doc: Schema, provider: string, schemaName: string): ProviderSettings {
  const schema = asSchema(record(record(doc.components)?.schemas)?.[schemaName]);
  const properties = schema.properties ?? {};
  const fields = Object.keys(properties).filter((f) => f !== '__type');
  const required = (schema.required ?? []).filter((f) => f !== '__type');
  const examples = (Array.isArray(schema.examples) ? schema.examples : []).flatMap((e) => (record(e) ? [record(e)!] : []));
  if (examples.length === 0) throw new Error(`${schemaName}: the document gives no valid settings (examples) for ${provider}`);
  for (const e of examples) if (e.__type !== provider) throw new Error(`${schemaName}: an example's __type is not ${provider}: ${JSON.stringify(e)}`);
  const breakages = [...fields.flatMap((f) => fieldBreakages(f, asSchema(properties[f]), required.includes(f))), ...listedBreakages(schema, schemaName)];
  return { provider, schemaName, schema, fields, required, examples, breakages };
}

let cached: Map<string, ProviderSettings> | undefined;

/**
 * Every provider whose settings the document describes, in `ChannelSettings`' order: each `allOf` branch
 * `if __type is const P then $ref Settings<P>`. The catch-all branch for other providers names none.
 */
export function documentedProviders(doc: Schema = loadSpec() as Schema): Map<string, ProviderSettings> {
  if (cached && doc === loadSpec()) return cached;
  const channelSettings = asSchema(record(record(doc.components)?.schemas)?.ChannelSettings);
  const out = new Map<string, ProviderSettings>();
  for (const branch of channelSettings.allOf ?? []) {
    const provider = asSchema(branch.if?.properties?.__type).const;
    const ref = record(branch.then)?.$ref;
    if (typeof provider !== 'string' || typeof ref !== 'string') continue;
    out.set(provider, readProvider(doc, provider, ref.replace('#/components/schemas/', '')));
  }
  if (doc === loadSpec()) cached = out;
  return out;
}

/** The document's settings for `provider`, if it describes them. */
export function providerSettings(provider: string): ProviderSettings | undefined {
  return documentedProviders().get(provider);
}
