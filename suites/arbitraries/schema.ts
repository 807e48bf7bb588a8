// Arbitraries from the document's JSON Schemas: values valid by construction for the keywords the contract uses.
import fc from 'fast-check';
import { loadSpec } from '../../spec/load.ts';
import { asSchema, atPointer, type JsonSchema as Schema } from '../json.ts';

export function resolve(schema: Schema | undefined, doc: Schema = loadSpec()): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 16 && typeof s.$ref === 'string'; i++) {
    s = asSchema(atPointer(doc, s.$ref));
  }
  return s;
}

/** Merge `allOf` parts (the ones with plain keywords) into one object schema. */
function mergeAllOf(schema: Schema, doc: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const properties: Record<string, Schema> = { ...(schema.properties ?? {}) };
  const required: string[] = [...(schema.required ?? [])];
  const out: Schema = { ...schema, allOf: undefined, properties, required };
  for (const partRaw of schema.allOf) {
    const part = mergeAllOf(resolve(partRaw, doc), doc);
    if (part.if) continue; // conditional parts are honoured by the validator filter, not here
    if (part.type && !out.type) out.type = part.type;
    Object.assign(properties, part.properties ?? {});
    required.push(...(part.required ?? []));
  }
  return out;
}

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/);
const text = fc.string({ minLength: 0, maxLength: 20 });

function stringArb(s: Schema): fc.Arbitrary<string> {
  if (s.format === 'date-time') return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'uri') return word.map((w) => `https://example.com/${w}`);
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 20);
  return fc.string({ minLength: min, maxLength: Math.min(max, min + 40) });
}

export interface FromSchemaOptions {
  /** Depth budget: deeper optional properties are left out. */
  depth?: number;
  /** Include optional properties with this probability-ish (fc.option). */
  optional?: boolean;
}

/** An arbitrary producing values that satisfy `schema` for the keywords it understands; callers filter with the validator. */
export function fromSchema(raw: Schema | undefined, options: FromSchemaOptions = {}, doc: Schema = loadSpec()): fc.Arbitrary<unknown> {
  const depth = options.depth ?? 4;
  const schema = mergeAllOf(resolve(raw, doc), doc);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
    const alts = (schema.oneOf ?? schema.anyOf ?? []).map((a) => fromSchema({ ...schema, oneOf: undefined, anyOf: undefined, ...resolve(a, doc) }, { ...options, depth }, doc));
    return fc.oneof(...alts);
  }
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : [];
  if (types.length === 0) return fc.oneof(fc.constant({}), word, fc.integer(), fc.boolean());
  if (types.length > 1) return fc.oneof(...types.map((t) => fromSchema({ ...schema, type: t }, options, doc)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true, noDefaultInfinity: true });
    case 'string':
      return stringArb(schema);
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? min + 3, min + 3);
      if (depth <= 0) return fc.constant([]).filter(() => min === 0);
      return fc.array(fromSchema(schema.items, { ...options, depth: depth - 1 }, doc), { minLength: min, maxLength: max });
    }
    case 'object': {
      const props: Record<string, Schema> = schema.properties ?? {};
      const required = new Set<string>(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, sub] of Object.entries(props)) {
        if (!required.has(name) && depth <= 1) continue;
        record[name] = fromSchema(sub, { ...options, depth: depth - 1 }, doc);
      }
      const base = fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object' && Object.keys(props).length === 0) {
        return fc.dictionary(word, fromSchema(schema.additionalProperties, { ...options, depth: depth - 1 }, doc), { maxKeys: 3 });
      }
      return base;
    }
    default:
      return text;
  }
}
