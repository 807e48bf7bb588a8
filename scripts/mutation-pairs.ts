// npm run mutation:pairs: the suites against conditioned faults, a mutation operator that combines conditions. Each
// fault of the catalogue that acts per request is gated by each condition of mocks/http/faults/conditions.ts
// (`missing-refund@frozen`: the refund is kept only while the wallet is frozen), and the checks that catch the fault
// run against the mock with it (seed 7, the default ten runs). A pair is caught (a check failed), missed (some answer
// the checks got differs from the plain mock's, and every check passed), or not reached (every answer is the plain
// mock's: the checks never drive the combination where the fault acts, or it cannot happen). The score is
// caught / (caught + missed).
// Usage: npm run mutation:pairs [-- --record] [--faults a,b] [--conditions c,d] [--runs N] [--seed N]
//   --record writes docs/mutation-pairs.json, from which docs/suites.md's table is generated (npm run tables).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CONDITIONS, openedCount, unconditionable } from '../mocks/http/faults/conditions.ts';
import { FAULTS } from '../mocks/http/faults/index.ts';
import '../suites/checks/index.ts';
import { inProcessTarget } from '../suites/in-process.ts';
import { runChecks } from '../suites/runner.ts';
import { PAIRS_FILE, type PairsRecord, type PairOutcome } from './mutation-pairs-table.ts';

const { values } = parseArgs({ options: { record: { type: 'boolean' }, faults: { type: 'string' }, conditions: { type: 'string' }, runs: { type: 'string', default: '10' }, seed: { type: 'string', default: '7' } } });
const pick = (list: string | undefined) => list?.split(',').map((s) => s.trim()).filter(Boolean);
const faultNames = pick(values.faults);
const conditionNames = pick(values.conditions);
const runs = Number(values.runs);
const seed = Number(values.seed);

const faults = FAULTS.filter((f) => !faultNames || faultNames.includes(f.name));
const conditions = CONDITIONS.filter((c) => !conditionNames || conditionNames.includes(c.name));
const skipped = faults.filter((f) => unconditionable(f)).map((f) => ({ fault: f.name, why: unconditionable(f)! }));
const pairs: PairOutcome[] = [];
const started = performance.now();

/**
 * The checks run against the mock with these faults, and every answer they got, in order: the in-process mock is
 * seeded and its clock stands still, so a run without a fault answers the same each time, and a pair whose answers are
 * those of the plain mock changed nothing the checks could see.
 */
/** Answers with their random tokens (top-up links, tickets, secrets: unguessable by design, never the same twice) and the networks' release ids blanked. */
const unguessable = (text: string) => text.replace(/[0-9a-f]{24,}/g, '<random>').replace(/\d{15,}/g, '<random>');

async function traced(faultsOn: string[], checks: string[]) {
  const answers: string[] = [];
  const around = (inner: typeof fetch): typeof fetch => async (input, init) => {
    const response = await inner(input, init);
    const request = input instanceof Request ? input : new Request(input, init);
    answers.push(unguessable(`${request.method} ${request.url} ${response.status} ${await response.clone().text()}`));
    return response;
  };
  const target = await inProcessTarget({ faults: faultsOn }, around);
  const report = await runChecks(target, { seed, runs, checks });
  return { report, answers, state: target.app.state };
}

const plain = new Map<string, string[]>();
for (const fault of faults.filter((f) => !unconditionable(f))) {
  const key = fault.caughtBy.join();
  if (!plain.has(key)) plain.set(key, (await traced([], [...fault.caughtBy])).answers);
  for (const condition of conditions) {
    const name = `${fault.name}@${condition.name}`;
    const { report, answers, state } = await traced([name], [...fault.caughtBy]);
    const caughtBy = report.results.filter((r) => r.status === 'failed').map((r) => r.name);
    const opened = openedCount(state, name);
    const base = plain.get(key)!;
    const same = answers.length === base.length && answers.every((a, i) => a === base[i]);
    const outcome: PairOutcome['outcome'] = caughtBy.length > 0 ? 'caught' : same ? 'not reached' : 'missed';
    pairs.push({ fault: fault.name, condition: condition.name, outcome, caughtBy, opened });
    if (outcome === 'missed') console.log(`missed  ${name} (answers differ from the plain mock's; the condition held on ${opened} request(s); checks: ${fault.caughtBy.join(', ')})`);
  }
}

const count = (o: PairOutcome['outcome'], c?: string) => pairs.filter((p) => p.outcome === o && (!c || p.condition === c)).length;
console.log(`\n${'condition'.padEnd(18)} caught  missed  not reached  score`);
for (const c of conditions) {
  const caught = count('caught', c.name);
  const missed = count('missed', c.name);
  console.log(`${c.name.padEnd(18)} ${String(caught).padStart(6)}  ${String(missed).padStart(6)}  ${String(count('not reached', c.name)).padStart(11)}  ${caught + missed ? ((100 * caught) / (caught + missed)).toFixed(1) + '%' : '–'}`);
}
const caught = count('caught');
const missed = count('missed');
console.log(`${'all'.padEnd(18)} ${String(caught).padStart(6)}  ${String(missed).padStart(6)}  ${String(count('not reached')).padStart(11)}  ${((100 * caught) / Math.max(1, caught + missed)).toFixed(1)}%`);
console.log(`${skipped.length} fault(s) cannot be conditioned (they act outside a request); ${((performance.now() - started) / 1000).toFixed(0)} s`);

if (values.record) {
  if (faultNames || conditionNames) throw new Error('--record writes the whole catalogue\'s pairs: run it without --faults or --conditions');
  const record: PairsRecord = { seed, runs, conditions: conditions.map((c) => ({ name: c.name, description: c.description })), pairs, skipped };
  writeFileSync(PAIRS_FILE, `${JSON.stringify(record, null, 1)}\n`);
  console.log(`wrote ${PAIRS_FILE.pathname}`);
}
process.exitCode = 0;
