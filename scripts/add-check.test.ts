// Adding a check, a fault and a variation as docs/dev/adding-a-check.md, adding-a-fault.md and adding-a-variation.md
// say, in a scratch copy of the sources, with the code blocks read from those pages: each test the pages name fails,
// saying the fix, until the step it asks for is done; after `npm run regen` they pass, the fault is caught by the new
// check (run as suites/faults.test.ts runs it), and the new check passes against the variation.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What the mock, the suites, the generators and their tests need; the docs hold the generated tables. */
const COPIED = ['cli', 'client', 'docs', 'fixtures', 'mocks', 'proxy', 'scripts', 'spec', 'suites', 'index.ts', 'package.json', 'tsconfig.json', 'redocly.yaml', 'vitest.config.ts'];
const GUIDES = ['docs/dev/adding-a-check.md', 'docs/dev/adding-a-fault.md', 'docs/dev/adding-a-variation.md'];

/** The guides' `ts` blocks, by the comment on their first line (where the block goes). */
function blocks(): Map<string, string> {
  const out = new Map<string, string>();
  for (const guide of GUIDES) {
    for (const m of readFileSync(join(ROOT, guide), 'utf8').matchAll(/```ts\n\/\/ ([^\n]+)\n([\s\S]*?)```/g)) out.set(m[1]!, m[2]!);
  }
  return out;
}

function need(map: Map<string, string>, key: string): string {
  const block = map.get(key);
  if (block === undefined) throw new Error(`no \`\`\`ts block starting "// ${key}" in ${GUIDES.join(', ')}: update this test with the guide`);
  return block;
}

/** Insert `text` right after `anchor` in a file of the copy. */
function insertAfter(dir: string, file: string, anchor: string, text: string): void {
  const path = join(dir, file);
  const source = readFileSync(path, 'utf8');
  if (!source.includes(anchor)) throw new Error(`${file} no longer holds "${anchor}": update this test and the guide`);
  writeFileSync(path, source.replace(anchor, anchor + text));
}

interface Ran {
  status: number | null;
  output: string;
}

function run(dir: string, cmd: string, args: string[], env: Record<string, string> = {}): Ran {
  const r = spawnSync(cmd, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', CI: '', ...env }, maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

const vitest = (dir: string, files: string[], env: Record<string, string> = {}) => run(dir, join(ROOT, 'node_modules/.bin/vitest'), ['run', ...files], env);

/** The new check against the copy's mock wearing the new variation, and against it with the new fault. */
const RUNNER = `
import './suites/checks/index.ts';
import { allChecks } from './suites/checks/registry.ts';
import { runChecks } from './suites/runner.ts';
import { inProcessTarget } from './suites/in-process.ts';
const checks = allChecks().filter((c) => c.area === 'skills' || c.name === 'estimate_charges_nothing').map((c) => c.name);
const varied = await runChecks(await inProcessTarget({ variations: ['skills-reversed'] }), { seed: 7, runs: 2, checks });
const faulty = await runChecks(await inProcessTarget({ faults: ['estimate-charges-a-credit'] }), { seed: 7, runs: 2, checks: ['estimate_charges_nothing'] });
const skills = await (await inProcessTarget({ variations: ['skills-reversed'] })).app.fetch(new Request('http://mock.in-process/api/public/v1/skills', { headers: { authorization: 'demo-paid-key' } }));
const plain = await (await inProcessTarget()).app.fetch(new Request('http://mock.in-process/api/public/v1/skills', { headers: { authorization: 'demo-paid-key' } }));
const slugs = async (r) => (await r.json()).skills.map((s) => s.slug);
console.log(JSON.stringify({
  varied: varied.results.map((r) => [r.name, r.status]),
  faulty: faulty.results.map((r) => [r.name, r.status]),
  skills: await slugs(skills),
  plain: await slugs(plain),
}));
`;

describe('adding a check, a fault and a variation as docs/dev/ says', () => {
  let dir = '';
  const at: Record<'unimported' | 'unregenerated' | 'regenerated', Ran> = {} as never;
  let outcome: { varied: Array<[string, string]>; faulty: Array<[string, string]>; skills: string[]; plain: string[] };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'spw-check-'));
    for (const entry of COPIED) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const code = blocks();

    // The check's file, not yet imported.
    writeFileSync(join(dir, 'suites/checks/estimate-charges-nothing.ts'), need(code, 'suites/checks/estimate-charges-nothing.ts'));
    at.unimported = vitest(dir, ['suites/checks/index.test.ts']);

    // Its import, the fault, the variation and the decision it covers: nothing regenerated yet.
    insertAfter(dir, 'suites/checks/index.ts', "import './key-rotation.ts';\n", need(code, 'suites/checks/index.ts: a line'));
    insertAfter(dir, 'mocks/http/faults/wallet.ts', 'export const WALLET: FaultDefinition[] = [\n', need(code, 'mocks/http/faults/wallet.ts: an entry of WALLET'));
    insertAfter(dir, 'mocks/http/variations.ts', 'export const VARIATIONS: VariationDefinition[] = [\n', need(code, 'mocks/http/variations.ts: an entry of VARIATIONS'));
    const decisions = join(dir, 'mocks/decisions.ts');
    const skillsOrder = /^(\s*\{ guide: "brief-skills-analytics-oauth", area: "Skills", behaviour: "Order", .*), none: NONE\.notYet \},$/m;
    const source = readFileSync(decisions, 'utf8');
    if (!skillsOrder.test(source)) throw new Error('the Skills "Order" decision no longer says none: NONE.notYet: update this test and adding-a-variation.md');
    writeFileSync(decisions, source.replace(skillsOrder, `$1, ${need(code, 'mocks/decisions.ts: the decision "Order" of Skills').trim()} },`));
    at.unregenerated = vitest(dir, ['scripts/generated-sections.test.ts', 'mocks/decisions.test.ts']);

    // npm run regen, as each failure said; then the tests the pages name.
    const regen = run(dir, 'npm', ['run', '--silent', 'regen']);
    if (regen.status !== 0) throw new Error(`npm run regen failed in the copy:\n${regen.output}`);
    // (suites/faults.test.ts runs the fault as RUNNER below does: with only the checks it names, one must fail.)
    at.regenerated = vitest(dir, ['suites/checks/index.test.ts', 'scripts/generated-sections.test.ts']);
    writeFileSync(join(dir, 'run-new-check.ts'), RUNNER);
    const ran = run(dir, process.execPath, ['run-new-check.ts']);
    if (ran.status !== 0) throw new Error(`the new check did not run in the copy:\n${ran.output}`);
    outcome = JSON.parse(ran.output.trim().split('\n').filter((l) => l.startsWith('{')).at(-1)!);
  }, 180_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a check file not imported fails the registry test, which gives the line to add', () => {
    expect(at.unimported.status).not.toBe(0);
    expect(at.unimported.output).toContain("estimate-charges-nothing.ts is never imported, so its check never runs: add `import './estimate-charges-nothing.ts';` to suites/checks/index.ts");
  });

  it('before npm run regen, the generated-files test names every stale file and says to run it', () => {
    expect(at.unregenerated.status).not.toBe(0);
    const out = at.unregenerated.output;
    for (const stale of ["docs/suites.md's check-table is out of date", "docs/faults.md's fault-table is out of date", "docs/variations.md's variation-table is out of date", "docs/brief-skills-analytics-oauth.md's decisions-table is out of date"]) {
      expect(out).toContain(`${stale}: run \`npm run regen\``);
    }
    expect(out).toContain('never run into suites/states-map.json or suites/unit-costs.json: run `npm run regen`');
    expect(out).toContain('estimate_charges_nothing: not in suites/states-map.json');
    // The decision names a variation that is in the catalogue: that test passes.
    expect(out).not.toContain('is not in mocks/http/variations.ts');
  });

  it('after npm run regen, the registry and the generated files pass, the tables holding the new rows', () => {
    expect({ status: at.regenerated.status, output: at.regenerated.status === 0 ? '' : at.regenerated.output }).toEqual({ status: 0, output: '' });
    expect(readFileSync(join(dir, 'docs/suites.md'), 'utf8')).toContain('| `estimate_charges_nothing` | wallet | POST /wallet/estimate leaves the balance');
    expect(readFileSync(join(dir, 'docs/brief-skills-analytics-oauth.md'), 'utf8')).toContain('[`skills-reversed`](variations.md)');
  });

  it('the new check fails against the fault and passes, with the skills checks, against the variation', () => {
    expect(outcome.faulty).toEqual([['estimate_charges_nothing', 'failed']]);
    expect(outcome.varied.length).toBeGreaterThan(1);
    for (const [name, status] of outcome.varied) expect({ name, status }).toEqual({ name, status: 'passed' });
    expect(outcome.skills).toEqual([...outcome.plain].reverse());
  });
});
