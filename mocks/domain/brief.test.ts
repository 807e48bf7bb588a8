// The brief's rules as pure functions: PATCH folds, what may be created or deleted, revisions.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadFixtures } from '../../fixtures/load.ts';
import { MockClock } from './clock.ts';
import { defaultConfig } from './config.ts';
import { seededIds } from './ids.ts';
import { createWorld } from './create-world.ts';
import type { Env, Workspace } from './world.ts';
import { applyPatch, initBrief, deleteDocument, documentHistory, getDocument, listDocuments, saveDocument, type BriefContent, type BriefPatch } from './brief.ts';
import { DomainError } from './errors.ts';

const fixtures = loadFixtures();
const registry = fixtures.briefRegistry;

function setup(): { ws: Workspace; env: Env; clock: MockClock } {
  const clock = new MockClock({ frozenAt: Date.parse('2026-01-05T09:00:00Z') });
  const env: Env = { clock, ids: seededIds(7) };
  const world = createWorld(fixtures, defaultConfig, env);
  return { ws: world.workspaces.get('ws_paid_demo')!, env, clock };
}

function kindOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return `${err.kind}: ${err.messages[0]}`;
    throw err;
  }
  return undefined;
}

const idText = fc.constantFrom('a', 'b', 'c', 'd');
const block = fc.record({ id: idText, heading: fc.string({ maxLength: 8 }), body: fc.string({ maxLength: 20 }) });
const link = fc.record({ id: idText, url: fc.webUrl(), note: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }) }, { requiredKeys: ['id', 'url'] });
const asset = fc.record({ id: idText, name: fc.string({ minLength: 1, maxLength: 8 }), url: fc.webUrl() });
const uniqueById = <T extends { id: string }>(arb: fc.Arbitrary<T>) => fc.uniqueArray(arb, { selector: (x) => x.id, maxLength: 4 });
const patchArb: fc.Arbitrary<BriefPatch> = fc.record(
  { title: fc.string({ maxLength: 12 }), blocks: uniqueById(block), links: uniqueById(link), assets: uniqueById(asset) },
  { requiredKeys: [] },
);

describe('brief documents', () => {
  const { ws, env } = setup();
  it('for any sequence of PATCHes, the document equals the fold of "fields given replace, fields left out keep"', () => {
    fc.assert(
      fc.property(fc.array(patchArb, { minLength: 1, maxLength: 8 }), (patches) => {
        ws.brief = initBrief();
        let model: BriefContent = { title: 'Voice', blocks: [], links: [], assets: [] };
        for (const patch of patches) {
          saveDocument(ws, registry, 'foundation', 'voice', patch, env);
          model = {
            title: 'title' in patch ? patch.title! : model.title,
            blocks: 'blocks' in patch ? patch.blocks! : model.blocks,
            links: 'links' in patch ? patch.links! : model.links,
            assets: 'assets' in patch ? patch.assets! : model.assets,
          };
          expect(getDocument(ws, 'foundation', 'voice').content).toEqual(model);
        }
        // Every save records a revision, numbered from 1.
        expect(documentHistory(ws, 'foundation', 'voice').map((r) => r.revision)).toEqual(patches.map((_, i) => i + 1));
      }),
      { numRuns: 150 },
    );
  });

  it('does not let a later change to the request body alter the stored document', () => {
    const { ws, env } = setup();
    const blocks = [{ id: 'b1', heading: 'Tone', body: 'Warm' }];
    saveDocument(ws, registry, 'foundation', 'voice', { blocks }, env);
    blocks[0]!.body = 'Cold';
    expect(getDocument(ws, 'foundation', 'voice').content.blocks[0]!.body).toBe('Warm');
    expect(applyPatch(undefined, {}, 'Voice')).toEqual({ title: 'Voice', blocks: [], links: [], assets: [] });
  });

  it('creates only where the category allows it', () => {
    const { ws, env } = setup();
    expect(kindOf(() => saveDocument(ws, registry, 'foundation', 'made-up', { title: 'x' }, env))).toBe('invalid: This document cannot be created');
    expect(kindOf(() => saveDocument(ws, registry, 'experience', 'new-lesson', { title: 'x' }, env))).toBe('invalid: This document cannot be created');
    expect(kindOf(() => saveDocument(ws, registry, 'nope', 'x', {}, env))).toBe('not_found: Document not found');
    expect(kindOf(() => saveDocument(ws, registry, 'channels', 'ch_free_x', {}, env))).toMatch(/^invalid: This document cannot be created/);
    expect(kindOf(() => saveDocument(ws, registry, 'sources', 'bad key!', {}, env))).toMatch(/^invalid: Document key/);
    // Editing an existing experience document is allowed; so are sources under any key and channels by own channel id.
    saveDocument(ws, registry, 'experience', 'launch-retrospective', { title: 'Launch lessons' }, env);
    saveDocument(ws, registry, 'sources', 'company-blog', { links: [{ id: 'l1', url: 'https://blog.example.com' }] }, env);
    const channel = saveDocument(ws, registry, 'channels', 'ch_paid_x', {}, env);
    expect(channel.content.title).toBe(ws.channels.find((c) => c.id === 'ch_paid_x')!.name);
    expect(listDocuments(ws, registry).map((d) => `${d.category}/${d.key}`)).toEqual([
      'sources/company-blog',
      'experience/launch-retrospective',
      'channels/ch_paid_x',
    ]);
  });

  it('accepts duplicate item ids, which the contract does not forbid, and stores the items as sent', () => {
    const { ws, env } = setup();
    const dup = [
      { id: 'b1', heading: 'a', body: 'a' },
      { id: 'b1', heading: 'b', body: 'b' },
    ];
    saveDocument(ws, registry, 'foundation', 'voice', { blocks: dup }, env);
    expect(getDocument(ws, 'foundation', 'voice').content.blocks).toEqual(dup);
  });

  it('caps a user category at its maximum number of documents', () => {
    const { ws, env } = setup();
    for (let i = 0; i < 100; i++) saveDocument(ws, registry, 'sources', `s${i}`, {}, env);
    expect(kindOf(() => saveDocument(ws, registry, 'sources', 's100', {}, env))).toBe('invalid: Too many documents in this section');
    saveDocument(ws, registry, 'sources', 's5', { title: 'still editable' }, env);
  });

  it('deletes only where allowed; keepHistory keeps revisions and records the removal, the default drops them', () => {
    const { ws, env, clock } = setup();
    saveDocument(ws, registry, 'foundation', 'voice', { title: 'V' }, env);
    expect(kindOf(() => deleteDocument(ws, registry, 'foundation', 'voice', false, env))).toBe('invalid: This document cannot be deleted');
    expect(kindOf(() => deleteDocument(ws, registry, 'sources', 'never-saved', false, env))).toBe('not_found: Document not found');

    saveDocument(ws, registry, 'sources', 'blog', { title: 'Blog' }, env);
    clock.advance(60_000);
    saveDocument(ws, registry, 'sources', 'blog', { title: 'Blog 2' }, env);
    clock.advance(60_000);
    expect(deleteDocument(ws, registry, 'sources', 'blog', true, env)).toEqual({ deleted: true });
    expect(kindOf(() => getDocument(ws, 'sources', 'blog'))).toBe('not_found: Document not found');
    expect(documentHistory(ws, 'sources', 'blog').map((r) => [r.revision, r.action])).toEqual([
      [1, 'saved'],
      [2, 'saved'],
      [3, 'deleted'],
    ]);

    saveDocument(ws, registry, 'sources', 'feed', { title: 'Feed' }, env);
    deleteDocument(ws, registry, 'sources', 'feed', false, env);
    expect(kindOf(() => documentHistory(ws, 'sources', 'feed'))).toBe('not_found: Document not found');

    // The seeded experience document may be deleted.
    expect(deleteDocument(ws, registry, 'experience', 'launch-retrospective', false, env)).toEqual({ deleted: true });
  });
});
