// skills_filtered_by_tag_and_search: GET /skills with `tag` gives exactly the skills carrying that tag key, with `search` only skills holding the word, and each summary agrees with GET /skills/{slug}.
import fc from 'fast-check';
import { documented, type DocumentedBody } from '../documented.ts';
import { ensure, got, register, show } from './registry.ts';

type Summary = DocumentedBody<'listSkills', 200>['skills'][number];
type Case = { by: 'tag'; tag: string } | { by: 'search'; word: string; from: string };

const SUMMARY_FIELDS = ['slug', 'name', 'summary', 'whenToUse', 'tags', 'tools', 'usesBrief'] as const;

/** Words of a text that are letters only, so a search for one is one word whatever a server splits on. */
const words = (s: string) => s.split(/\s+/).filter((w) => /^[a-z]{3,}$/i.test(w));

export const skillsFilters = register({
  name: 'skills_filtered_by_tag_and_search',
  area: 'skills',
  kind: 'property',
  description:
    'Each skill GET /skills lists has the same slug, name, summary, whenToUse, tags, tools and usesBrief in GET /skills/{slug}. GET /skills?tag=K lists exactly the skills whose tags hold K; GET /skills?search=W, W one word of a skill\'s name or summary, lists that skill, and every skill it lists holds W (any case) in its name, summary or tags (a tag key or label); a word found in none of those of any skill (a word of a whenToUse only, one made of the end of a name and the start of its summary, or a made-up one) lists none.',
  rule: 'Section 4.6: GET /skills query "tag (string, tag key), search (string, words in name, summary or tags)"; section 2.11: "Skill is SkillSummary plus whatItDoes, body, version, updatedAt".',
  needs: { anyKey: ['paid', 'payg'] },
  async run(ctx) {
    const kind = ctx.has('paid') ? 'paid' : 'payg';
    const allEx = await ctx.api.call({ operationId: 'listSkills', auth: { kind } });
    ensure(allEx.status === 200, { operation: 'listSkills', received: got(allEx), documented: '200 SkillsList (open on a paid or pay-as-you-go workspace)', exchanges: [allEx] });
    const all = documented(allEx, 'listSkills', 200);
    if (all.skills.length === 0) ctx.notVerified('GET /skills lists no skill');
    for (const s of all.skills) {
      const one = await ctx.api.call({ operationId: 'getSkill', path: { slug: s.slug }, auth: { kind } });
      const skill = one.status === 200 ? documented(one, 'getSkill', 200) : undefined;
      const differs = SUMMARY_FIELDS.filter((f) => JSON.stringify(skill?.[f]) !== JSON.stringify(s[f]));
      ensure(differs.length === 0, {
        operation: 'getSkill',
        received: skill ? `${differs.map((f) => `${f} ${show(skill[f])}`).join(', ')}` : got(one),
        documented: `the listed summary's ${differs.map((f) => `${f} ${show(s[f])}`).join(', ')}: a Skill is its SkillSummary plus more fields (section 2.11)`,
        exchanges: [allEx, one],
      });
    }
    const labels = new Map(all.tags.map((t) => [t.key, t.label]));
    // The fields the reference searches: name, summary and tags (a tag's key or its label). whenToUse is not one of them.
    const text = (s: Summary) => [s.name, s.summary, ...s.tags, ...s.tags.map((t) => labels.get(t) ?? '')].map((x) => x.toLowerCase());
    const holds = (s: Summary, w: string) => text(s).some((x) => x.includes(w.toLowerCase()));
    const tagKeys = [...new Set(all.skills.flatMap((s) => s.tags))];
    const found = all.skills.flatMap((s) => [...words(s.name), ...words(s.summary)].map((word) => ({ word, from: s.slug })));
    // The end of a name run into the start of its summary: found in no single field of any skill, so no skill holds it.
    const straddles = all.skills
      .map((s) => ({ end: words(s.name).at(-1), start: words(s.summary)[0] }))
      .filter((x): x is { end: string; start: string } => !!x.end && !!x.start)
      .map((x) => `${x.end.slice(-3)}${x.start.slice(0, 3)}`.toLowerCase())
      .filter((w) => !all.skills.some((s) => holds(s, w)));
    // A word of some skill's whenToUse that no skill holds where the reference searches: a server reading whenToUse too lists it.
    const whenOnly = [...new Set(all.skills.flatMap((s) => words(s.whenToUse)).map((w) => w.toLowerCase()))].filter((w) => !all.skills.some((s) => holds(s, w)));
    const nowhere = ['zqxjvwk', ...straddles, ...whenOnly].map((word) => ({ word, from: '' }));
    const arb: fc.Arbitrary<Case> = fc.oneof(
      ...(tagKeys.length > 0 ? [fc.constantFrom(...tagKeys).map((tag): Case => ({ by: 'tag', tag }))] : []),
      ...(found.length > 0 ? [fc.constantFrom(...found).map((f): Case => ({ by: 'search', ...f }))] : []),
      fc.constantFrom(...nowhere).map((f): Case => ({ by: 'search', ...f })),
    );
    await ctx.property(
      'tag and search filter the skills',
      arb,
      async (c) => {
        const e = await ctx.api.call({ operationId: 'listSkills', auth: { kind }, query: c.by === 'tag' ? { tag: c.tag } : { search: c.word } });
        ensure(e.status === 200, { operation: 'listSkills', received: got(e), documented: '200 SkillsList', exchanges: [e] });
        const listed = documented(e, 'listSkills', 200).skills;
        const slugs = listed.map((s) => s.slug);
        if (c.by === 'tag') {
          const expected = all.skills.filter((s) => s.tags.includes(c.tag)).map((s) => s.slug);
          ensure(JSON.stringify([...slugs].sort()) === JSON.stringify([...expected].sort()), {
            operation: 'listSkills',
            received: `tag=${c.tag}: [${slugs.join(', ')}]`,
            documented: `the skills whose tags hold the key ${c.tag}: [${expected.join(', ')}]`,
            exchanges: [allEx, e],
          });
          return;
        }
        if (c.from) {
          ensure(slugs.includes(c.from), { operation: 'listSkills', received: `search=${c.word}: [${slugs.join(', ')}]`, documented: `${c.from} listed: "${c.word}" is a word of its name or summary`, exchanges: [allEx, e] });
        }
        const without = listed.filter((s) => !holds(s, c.word)).map((s) => s.slug);
        ensure(without.length === 0, {
          operation: 'listSkills',
          received: `search=${c.word} lists [${without.join(', ')}], which do not hold it`,
          documented: `only skills holding "${c.word}" in their name, summary or tags (section 4.6: "words in name, summary or tags"; whenToUse is not searched)`,
          exchanges: [e],
        });
      },
      {
        // A tag, a word of a name, a made-up word, a straddling one and a word of a whenToUse only every run, whatever the seed draws; the examples run
        // first, within the runs. Each case is one GET.
        runs: ctx.runs * 3 + 5,
        examples: [...tagKeys.slice(0, 1).map((tag) => ({ by: 'tag' as const, tag })), ...found.slice(0, 1).map((f) => ({ by: 'search' as const, ...f })), ...nowhere.slice(0, 2).map((f) => ({ by: 'search' as const, ...f })), ...whenOnly.slice(0, 1).map((word) => ({ by: 'search' as const, word, from: '' }))],
        show: (c: Case) => [c.by === 'tag' ? `GET /skills?tag=${c.tag}` : `GET /skills?search=${c.word}`],
      },
    );
  },
});
