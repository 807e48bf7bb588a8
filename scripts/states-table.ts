// docs/states.md's table of states, generated from the hook contract (spec/states.yaml, through its bundle) so that a
// state's name, parameters, bounds and answer are written once: `npm run states:table` rewrites it between its markers,
// and scripts/generated-sections.test.ts fails when it is out of date.
import { join } from 'node:path';
import statesDocument from '../spec/generated/states.json' with { type: 'json' };
import { cell, writeSection, type GeneratedSection } from './lib/generated-section.ts';

interface ParamSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  items?: ParamSchema;
  oneOf?: ParamSchema[];
  const?: unknown;
  description?: string;
}

interface StateSchema {
  title: string;
  required?: string[];
  properties: Record<string, ParamSchema>;
  'x-produces': Record<string, string>;
}

const n = (v: number) => v.toLocaleString('en');

/** A parameter's type and bounds in words: `number, above 0, at most 10,000,000`. */
export function typeOf(p: ParamSchema): string {
  if (p.oneOf) return p.oneOf.map(typeOf).join(' or ');
  if (p.const !== undefined) return `"${String(p.const)}"`;
  if (p.enum) return p.enum.map((v) => `"${String(v)}"`).join(' or ');
  const types = (Array.isArray(p.type) ? p.type : [p.type ?? 'any']).map((t) => (t === 'array' ? `array of ${p.items ? typeOf(p.items) : 'any'}` : t === 'string' && p.format ? `${p.format} string` : t));
  const bounds: string[] = [];
  if (p.exclusiveMinimum !== undefined) bounds.push(`above ${n(p.exclusiveMinimum)}`);
  if (p.minimum !== undefined) bounds.push(`from ${n(p.minimum)}`);
  if (p.maximum !== undefined) bounds.push(`at most ${n(p.maximum)}`);
  if (p.maxLength !== undefined) bounds.push(`up to ${n(p.maxLength)} characters`);
  if (p.maxItems !== undefined) bounds.push(`up to ${n(p.maxItems)} items`);
  return [types.join(' or '), ...bounds].join(', ');
}

export function statesTable(): string {
  const schemas = statesDocument.components.schemas as unknown as Record<string, StateSchema>;
  const rows = (statesDocument.components.schemas.StateName.enum as string[]).map((name) => {
    const s = schemas[name]!;
    const required = new Set(s.required ?? []);
    const params = Object.entries(s.properties)
      .map(([k, p]) => `\`${k}${required.has(k) ? '' : '?'}\` (${typeOf(p)}): ${p.description ?? ''}`)
      .join('<br>');
    const produces = Object.entries(s['x-produces'])
      .map(([k, v]) => (k === '[]' ? v : `\`${k}\` (${v})`))
      .join(', ');
    return `| \`${name}\` | ${cell(s.title)} | ${cell(params)} | ${cell(produces)} |`;
  });
  return ['| state | sets up (or reads) | params: type, bounds, unit | produces |', '|---|---|---|---|', ...rows].join('\n');
}

export const STATES_TABLE: GeneratedSection = {
  file: join(import.meta.dirname, '..', 'docs', 'states.md'),
  name: 'states-table',
  command: 'npm run states:table',
  generate: statesTable,
};

if (import.meta.main) {
  writeSection(STATES_TABLE);
  console.log('docs/states.md: table of states written from spec/states.yaml');
}
