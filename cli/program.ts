// The command line's definition: `mock` starts the stateful mock, `verify` runs the suites, `proxy` checks a live
// implementation's traffic. Kept apart from run.ts (which runs it) so tests can parse a command line without starting
// anything. Exit status: 0 done, 1 the run failed (a check failed, a port was taken...), 2 the command was called wrongly.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { applyConfig, CONFIG_ENV, CONFIG_FILE, UsageError } from './config.ts';
import { MockClock } from '../mocks/domain/clock.ts';
import { SECRET_ENV } from '../suites/secret-env.ts';

/** MiB of media bytes `spw record --media` copies in all unless told: a bug report's library, not a whole archive. */
const DEFAULT_MEDIA_MIB = 25;
import type { Scenario } from '../mocks/domain/scenario.ts';

/** What an action hands back: an exit status, or undefined to keep the process running (a server is listening). */
export type ActionResult = number | undefined;
export type Options = Record<string, any>;

export interface Actions {
  mock(opts: Options): Promise<ActionResult>;
  verify(opts: Options): Promise<ActionResult>;
  proxy(opts: Options): Promise<ActionResult>;
  merge(files: string[], opts: Options): Promise<ActionResult>;
  /** `spw replay`; the real one when a caller (a test of other commands) gives none. */
  replay?(file: string, id: string | undefined, opts: Options): Promise<ActionResult>;
  /** `spw record`; the real one when a caller gives none. */
  record?(opts: Options): Promise<ActionResult>;
}

const SETTINGS_HELP = `
Every option can also be set by its environment variable, or in ${CONFIG_FILE} (or --config <file>); a flag wins over
its variable, which wins over the file. The table of every option: docs/configuration.md.`;

const EXIT_HELP = `
Exit status: 0 done (for verify: the contract was asserted), 1 the run failed (for verify: a departure, nothing or too
little verified, a gate not met; else a port was taken, the target could not be reached), 2 the command was called
wrongly (unknown command or option, a bad value, a bad config file). docs/suites.md has verify's table.`;

/** The package's version, from its package.json: one folder up from the sources, two from dist/. */
function packageVersion(): string {
  for (const rel of ['../package.json', '../../package.json']) {
    const url = new URL(rel, import.meta.url);
    if (!existsSync(url)) continue;
    const pkg = JSON.parse(readFileSync(url, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'social-publishing-contract' && pkg.version) return pkg.version;
  }
  return '0.0.0';
}

function port(name: string, value: string): number {
  const n = Number(value);
  if (String(value).trim() === '' || !Number.isInteger(n) || n < 0 || n > 65535) throw new UsageError(`${name} ${value}: not a port number`);
  return n;
}

function integer(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (String(value).trim() === '' || !Number.isInteger(n) || n < min) throw new UsageError(`${name} ${value}: expected a whole number${min > 0 ? ' above 0' : ' (0 or more)'}`);
  return n;
}

/** An http(s) origin given on the command line; a path or query in it would be dropped silently, so it is refused. */
function httpOrigin(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${name} ${value}: not an absolute URL`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new UsageError(`${name} ${value}: expected an http(s) origin such as http://localhost:4010, with no path`);
  }
  return url.origin;
}

/** `--cors-origin`: `*`, `off`, or http(s) origins (checked like --public-url, so a typo is not silently never matched). */
export function corsOrigins(values: string[]): string[] {
  const items = values.map((v) => v.trim()).filter(Boolean);
  if (items.length === 0) return ['*'];
  const special = items.filter((v) => v === '*' || v.toLowerCase() === 'off');
  if (special.length > 0) {
    if (items.length > 1) throw new UsageError(`--cors-origin ${items.join(',')}: '*' and 'off' stand alone, not in a list of origins`);
    return [special[0]!.toLowerCase()];
  }
  return items.map((v) => httpOrigin('--cors-origin', v));
}

/** `--latency`: checked against the public document's operations, so a typo is a usage error and not a delay never applied. */
export async function checkedLatency(value: string | undefined): Promise<string | undefined> {
  if (value === undefined) return undefined;
  const [{ parseLatency, LatencySyntaxError }, { loadSpec }] = await Promise.all([import('../mocks/http/latency.ts'), import('../spec/load.ts')]);
  const doc = loadSpec();
  const operations = Object.values(doc.paths ?? {}).flatMap((item: any) => Object.values(item ?? {}).map((op: any) => op?.operationId).filter(Boolean));
  try {
    parseLatency(value, operations);
  } catch (err) {
    if (err instanceof LatencySyntaxError) throw new UsageError(`--latency ${err.message}`);
    throw err;
  }
  return value;
}

async function checkFaults(faults: string[], variations: string[] = []): Promise<void> {
  if (faults.length > 0) {
    const { faultNames, faultNameProblem } = await import('../mocks/http/faults.ts');
    const problems = faults.flatMap((f) => faultNameProblem(f) ?? []);
    if (problems.length > 0) throw new UsageError(`${problems.join('; ')}; faults: ${faultNames().join(', ')} (each may be conditioned as fault@condition)`);
  }
  if (variations.length > 0) {
    const { variationNames } = await import('../mocks/http/variations.ts');
    const known = variationNames();
    const unknown = variations.filter((v) => !known.includes(v));
    if (unknown.length > 0) throw new UsageError(`unknown variation ${unknown.join(', ')}; variations: ${known.join(', ')}`);
  }
}

/** Load a fixtures folder, refusing one that would start an empty or broken world (a typo in --fixtures). */
async function checkedFixtures(dir: string) {
  if (!existsSync(join(dir, 'workspaces.json'))) {
    throw new UsageError(`--fixtures ${dir}: no workspaces.json in that folder (copy fixtures/ and edit it)`);
  }
  const { loadFixtures } = await import('../fixtures/load.ts');
  let fixtures: ReturnType<typeof loadFixtures>;
  try {
    fixtures = loadFixtures(dir);
  } catch (err) {
    throw new UsageError(`--fixtures ${dir}: ${(err as Error).message}`);
  }
  if (!Array.isArray(fixtures.workspaces) || fixtures.workspaces.length === 0) {
    throw new UsageError(`--fixtures ${dir}: workspaces.json must hold {"workspaces": [...]} with at least one workspace`);
  }
  const keys = new Set<string>();
  for (const ws of fixtures.workspaces) {
    if (!ws.id || !ws.apiKey || !['free', 'paid'].includes(ws.plan) || !Array.isArray(ws.channels) || !Array.isArray(ws.groups)) {
      throw new UsageError(`--fixtures ${dir}: workspace ${ws.id ?? '(no id)'} needs id, apiKey, plan (free or paid), groups and channels`);
    }
    if (keys.has(ws.apiKey)) throw new UsageError(`--fixtures ${dir}: API key ${ws.apiKey} is used by two workspaces`);
    keys.add(ws.apiKey);
  }
  return fixtures;
}

/** The ready scenarios shipped with the package (fixtures/scenarios/, copied beside the compiled code by the build). */
const READY_DIR = new URL('../fixtures/scenarios/', import.meta.url);

/** --scenario names a file, or one of the ready scenarios by its name (`low-credits`), as the guide's commands do. */
export function scenarioPath(value: string): string {
  if (existsSync(value) || !/^[a-z0-9-]+$/.test(value)) return value;
  const ready = new URL(`${value}.json`, READY_DIR);
  if (existsSync(ready)) return fileURLToPath(ready);
  throw new UsageError(`--scenario ${value}: no such file, and not a ready scenario (${readyScenarios().join(', ')})`);
}

function readyScenarios(): string[] {
  return readdirSync(READY_DIR).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length));
}

/** What --clock asks for: time running, frozen, frozen at an instant, or a scenario's own instant and mode. */
type ClockChoice = { mode: 'real' | 'frozen'; at?: number } | { mode: 'as-saved' } | undefined;

export function clockChoice(value: string | undefined): ClockChoice {
  if (value === undefined) return undefined;
  if (value === 'real' || value === 'frozen' || value === 'as-saved') return { mode: value };
  const at = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(at) || at < 0 || at > 253402300799999) {
    throw new UsageError(`--clock ${value}: expected real, frozen, as-saved or an ISO 8601 instant (2026-03-02T09:00:00Z)`);
  }
  return { mode: 'frozen', at };
}

/**
 * A scenario's times moved to now (or the instant --clock names), its clock running or frozen as --clock says (by
 * default as the scenario was saved); --clock as-saved keeps its instant too.
 */
async function startingScenario(doc: unknown, clock: ClockChoice): Promise<unknown> {
  if (doc === undefined || clock?.mode === 'as-saved') return doc;
  const [{ moveScenario }, { loadControlSpec }] = await Promise.all([import('../mocks/http/scenario.ts'), import('../spec/load.ts')]);
  const scenario = doc as Scenario;
  const moved = moveScenario(loadControlSpec(), scenario, clock?.at ?? Date.now());
  return clock ? { ...moved, clock: { ...moved.clock, frozen: clock.mode === 'frozen' } } : moved;
}

/** Read --scenario and an existing --state-file before anything starts: a bad one is a usage error and nothing is loaded. */
async function checkedScenario(scenarioValue: string | undefined, stateFile: string | undefined): Promise<unknown> {
  if (!scenarioValue && !(stateFile && existsSync(stateFile))) return undefined;
  const scenarioFile = scenarioValue && scenarioPath(scenarioValue);
  const [{ readScenarioFile }, { createValidator }, { loadControlSpec }] = await Promise.all([
    import('../mocks/state-file.ts'),
    import('../spec/validator.ts'),
    import('../spec/load.ts'),
  ]);
  const validator = { controlValidator: createValidator(loadControlSpec()) };
  try {
    if (stateFile && existsSync(stateFile)) readScenarioFile(stateFile, validator);
    return scenarioFile ? readScenarioFile(scenarioFile, validator) : undefined;
  } catch (err) {
    throw new UsageError(`${scenarioFile && (err as Error).message.startsWith(scenarioFile) ? '--scenario' : '--state-file'} ${(err as Error).message}`);
  }
}

/** A yes from the person at the terminal (anything else is no). */
async function askYes(question: string): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

/** `--max-answer-size`, `--request-timeout`, `--max-list-items`, checked before anything is sent. */
async function checkedBounds(opts: Options) {
  const { boundsOf } = await import('../suites/bounded.ts');
  try {
    return boundsOf(opts);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

function describeCors(origins: string[], control: boolean): string {
  if (origins.length === 0) return 'off (browsers on other origins cannot call the API)';
  const who = origins[0] === '*' ? 'pages of any origin' : origins.join(', ');
  return `${who} may call the public API${control ? ' and the control API' : ''}`;
}

export const defaultActions: Actions = {
  async mock(opts) {
    // Checked first, from whichever source gave them (flag, environment, config file): the control API is never open to every site.
    const cors = corsOrigins(opts.corsOrigin ?? ['*']);
    if (opts.controlCors && cors[0] === '*') throw new UsageError((await import('../mocks/http/access.ts')).CONTROL_CORS_ANY_ORIGIN);
    const faults: string[] = opts.fault ?? [];
    const variations: string[] = opts.variation ?? [];
    const listenPort = port('--port', opts.port);
    const seed = integer('--seed', opts.seed, 0);
    const seconds = (name: string, value: string | undefined) => {
      const n = integer(name, value, 1);
      return n === undefined ? undefined : n * 1000;
    };
    const connections = {
      ...(opts.maxConnections !== undefined ? { maxConnections: integer('--max-connections', opts.maxConnections, 1) } : {}),
      ...(opts.bodyIdleTimeout !== undefined ? { bodyIdleMs: seconds('--body-idle-timeout', opts.bodyIdleTimeout) } : {}),
      ...(opts.requestTimeout !== undefined ? { requestTimeoutMs: seconds('--request-timeout', opts.requestTimeout) } : {}),
    };
    await checkFaults(faults, variations);
    const fixtures = opts.fixtures ? await checkedFixtures(opts.fixtures) : undefined;
    const latency = await checkedLatency(opts.latency);
    const clock = clockChoice(opts.clock);
    const stateExists = Boolean(opts.stateFile && existsSync(opts.stateFile));
    const scenario = await startingScenario(await checkedScenario(opts.scenario, opts.stateFile), clock);
    const [{ startMock }, { apiBasePath }] = await Promise.all([import('../mocks/server.ts'), import('../spec/load.ts')]);
    const publicUrl = opts.publicUrl === undefined ? undefined : httpOrigin('--public-url', opts.publicUrl);
    const mock = await startMock({
      port: listenPort,
      host: opts.host,
      fixtures,
      scenario,
      stateFile: opts.stateFile,
      seed,
      faults,
      variations,
      strict: Boolean(opts.strict),
      publicUrl,
      allowedHosts: opts.allowedHost ?? [],
      controlToken: opts.controlToken,
      corsOrigins: cors,
      controlCors: Boolean(opts.controlCors),
      journalBodies: Boolean(opts.journalBodies),
      latency,
      connections,
      // Without a scenario, --clock sets the seeded world's clock (a scenario carries its own, moved above).
      ...(clock && clock.mode !== 'as-saved' && scenario === undefined ? { clock: clock.mode === 'real' ? new MockClock({ realNow: Date.now }) : new MockClock({ frozenAt: clock.at ?? Date.now() }) } : {}),
    });
    const state = mock.app.state;
    const startedFrom = stateExists
      ? `state file ${opts.stateFile} (as it was left; --clock does not apply)`
      : opts.scenario
        ? `scenario ${opts.scenario}${clock?.mode === 'as-saved' ? ' (times as saved)' : ', its times moved to now'}${opts.stateFile ? `; kept in ${opts.stateFile}` : ''}`
        : `the seeded demo workspaces${opts.stateFile ? `; kept in ${opts.stateFile}` : ''}`;
    const clockLine = `${state.clock.frozen ? 'frozen at' : 'running, now'} ${new Date(state.clock.now()).toISOString()}`;
    const base = `${mock.origin}${apiBasePath()}`;
    const lines = [
      `Social Publishing Workspace mock listening on ${mock.origin}`,
      `  API base URL:  ${base}`,
      `  Document:      ${base}/openapi.json`,
      `  Control API:   ${mock.origin}/_mock${opts.controlToken ? ' (send Authorization: Bearer <--control-token>)' : ''}`,
      `  Reference:     ${mock.origin}/docs (try the API in a browser)`,
      `  Console:       ${mock.origin}/_mock/console (what the app sent, the clock, workspaces, posts, scenarios, overrides)`,
      `  Wallet page:   ${mock.origin}${mock.app.state.config.walletPath} (every workspace; topUpUrl and a 402's url lead to one's own)`,
      `  CORS:          ${describeCors(mock.app.state.access.corsOrigins, Boolean(opts.controlCors))}`,
      `  World:         ${startedFrom}`,
      `  Clock:         ${clockLine} (POST /_mock/clock moves it)`,
      '  Demo API keys (send as `Authorization: <key>`, no Bearer):',
      ...[...mock.app.state.world.workspaces.values()].map(
        (ws) => `    ${ws.apiKey.padEnd(16)} ${ws.name} (${ws.plan}${ws.plan === 'free' ? (ws.wallet.toppedUp ? ', pay-as-you-go' : ', never topped up') : ''})`,
      ),
      `  Journal:       ${mock.origin}/_mock/requests (${opts.journalBodies ? 'with request bodies, redacted' : 'bodies off: --journal-bodies'})`,
      ...(latency ? [`  Latency:       ${latency} ms before public API answers (seed ${mock.app.state.latency.seed})`] : []),
      ...(faults.length > 0 ? [`  Faults ON:     ${faults.join(', ')}`] : []),
      ...(variations.length > 0 ? [`  Variations:    ${variations.join(', ')}`] : []),
      await (await import('./heap.ts')).heapLine(),
    ];
    console.log(lines.join('\n'));
    const stop = async () => {
      await mock.close();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    // Started under a heap limit by a parent `spw mock` (cli/heap.ts): gone with it.
    (await import('./heap.ts')).followParent(stop);
    return undefined;
  },

  async verify(opts) {
    if (!opts.list && !opts.listStates) {
      if (opts.control && opts.states) throw new UsageError("--control and --states name the same hook (the mock's is <control>/states): give one");
      integer('--seed', opts.seed, 0);
      integer('--runs', opts.runs, 1);
      if (opts.concurrency !== undefined) integer('--concurrency', opts.concurrency, 1);
      if (opts.maxRps !== undefined && !(Number(opts.maxRps) > 0)) throw new UsageError(`--max-rps ${opts.maxRps}: expected a positive number of requests a second`);
      if (opts.postsPerHour !== undefined) integer('--posts-per-hour', opts.postsPerHour, 1);
      if (opts.publishWait !== undefined) integer('--publish-wait', opts.publishWait, 0);
      await checkedBounds(opts);
      if (opts.shard !== undefined) {
        const { parseShard } = await import('../suites/shards.ts');
        try {
          parseShard(String(opts.shard));
        } catch (err) {
          throw new UsageError((err as Error).message);
        }
        if (opts.minCoverage !== undefined) throw new UsageError('--min-coverage judges the whole run: give it to `spw report merge`, which joins the shards');
      }
      if (opts.shardTimings !== undefined) {
        const { readReport } = await import('../suites/report-schema.ts');
        try {
          readReport(opts.shardTimings, 'timings');
        } catch (err) {
          throw new UsageError(`--shard-timings ${(err as Error).message}`);
        }
      }
      if (opts.minCoverage !== undefined && !(Number(opts.minCoverage) >= 0 && Number(opts.minCoverage) <= 100 && String(opts.minCoverage).trim() !== '')) {
        throw new UsageError(`--min-coverage ${opts.minCoverage}: expected a percent from 0 to 100`);
      }
      if (opts.minVerified !== undefined && !(Number(opts.minVerified) >= 0 && Number(opts.minVerified) <= 100 && String(opts.minVerified).trim() !== '')) {
        throw new UsageError(`--min-verified ${opts.minVerified}: expected a percent from 0 to 100`);
      }
      if (opts.areas !== undefined || opts.operations !== undefined) {
        const { scopeOf } = await import('../suites/implemented.ts');
        try {
          const items = (v: string | undefined) => v?.split(',').map((x) => x.trim()).filter(Boolean);
          scopeOf(items(opts.areas), items(opts.operations));
        } catch (err) {
          throw new UsageError((err as Error).message);
        }
      }
      if (opts.checks) {
        // A misspelt check is a usage mistake, refused before anything is sent (exit 2), as an unknown area is.
        await import('../suites/checks/index.ts');
        const { selectChecks } = await import('../suites/runner.ts');
        try {
          selectChecks(String(opts.checks).split(',').map((s) => s.trim()).filter(Boolean));
        } catch (err) {
          throw new UsageError(`--checks: ${(err as Error).message}`);
        }
      }
      if (!opts.inProcess && !opts.target) throw new UsageError('--target <url> is required (or --in-process)');
      if (opts.fault?.length && !opts.inProcess) {
        throw new UsageError('--fault needs --in-process (to verify a mock with faults over HTTP, start it with spw mock --fault <name>)');
      }
      if (opts.variation?.length && !opts.inProcess) {
        throw new UsageError('--variation needs --in-process (to verify a mock with variations over HTTP, start it with spw mock --variation <name>)');
      }
      await checkFaults(opts.fault ?? [], opts.variation ?? []);
    }
    const { verify } = await import('../suites/verify.ts');
    const report = await verify(opts);
    return report && !report.ok ? 1 : 0;
  },

  async record(opts) {
    if (!opts.target) throw new UsageError('record needs --target <the API base URL>');
    if (!opts.out) throw new UsageError('record needs --out <file>, the scenario to write');
    const keys: string[] = opts.key ?? [];
    if (keys.length === 0) throw new UsageError('record needs --key <key> for each workspace to record (repeatable)');
    const instant = (name: string, value: string | undefined) => {
      if (value === undefined) return undefined;
      const at = Date.parse(value);
      if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(at)) throw new UsageError(`${name} ${value}: expected an ISO 8601 date or instant (2026-03-02 or 2026-03-02T09:00:00Z)`);
      return at;
    };
    const bounds = await checkedBounds(opts);
    const maxRps = opts.maxRps === undefined ? undefined : Number(opts.maxRps);
    if (maxRps !== undefined && !(maxRps > 0)) throw new UsageError(`--max-rps ${opts.maxRps}: expected a number above 0`);
    // `--media` alone takes the default cap; `--media 100` another, in MiB.
    const mediaMiB = opts.media === undefined || opts.media === false ? undefined : opts.media === true ? DEFAULT_MEDIA_MIB : Number(opts.media);
    if (mediaMiB !== undefined && !(Number.isFinite(mediaMiB) && mediaMiB > 0 && mediaMiB <= 1024)) throw new UsageError(`--media ${opts.media}: expected MiB of media bytes to copy in all, above 0 and at most 1024`);
    const { recordWorld, writeAtomically, RecordError } = await import('./record.ts');
    const started = performance.now();
    let recording;
    try {
      recording = await recordWorld({
        target: opts.target,
        basePath: opts.basePath,
        keys,
        keyAs: opts.keyAs,
        from: instant('--from', opts.from),
        to: instant('--to', opts.to),
        now: instant('--now', opts.now),
        anonymize: Boolean(opts.anonymize),
        ...(mediaMiB !== undefined ? { media: Math.floor(mediaMiB * 1024 * 1024) } : {}),
        bounds,
        maxRps,
        progress: (line) => console.log(`  ${line}`),
      });
    } catch (err) {
      // Nothing was written: the file is written only once the whole world is read.
      if (err instanceof RecordError) {
        console.error(`error: record failed, nothing written: ${err.message}`);
        return 1;
      }
      throw err;
    }
    writeAtomically(opts.out, `${JSON.stringify(recording.scenario, null, 1)}\n`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\nRecorded ${recording.summary.length} workspace(s) into ${opts.out} (${recording.requests} GET requests, ${seconds} s):`);
    for (const [i, w] of recording.summary.entries()) {
      console.log(`  ${i + 1}. ${w.plan}${w.balance === null ? '' : `, balance ${w.balance} credits`}: ${w.channels} channels, ${w.groups} groups, ${w.posts} posts, ${w.transactions} transactions, ${w.media} media, ${w.briefDocuments} brief documents, ${w.notifications} notifications`);
    }
    console.log('\nNot shown by the public API, filled with the mock\'s defaults (also in the file, recorded.notShown):');
    for (const line of recording.notShown) console.log(`  - ${line}`);
    console.log(`\nKeys of the recorded workspaces in the mock (the keys you gave are not in the file):`);
    for (const [i, key] of recording.keys.entries()) console.log(`  ${i + 1}. ${key}`);
    console.log(`\nStart the mock on it:\n  spw mock --scenario ${opts.out}`);
    return 0;
  },

  async merge(files, opts) {
    if (files.length === 0) throw new UsageError('report merge needs the JSON reports of the shards: spw report merge shard-1.json shard-2.json ...');
    const [{ mergeCommand }, { mergeReports }, { readReport }] = await Promise.all([import('../suites/verify.ts'), import('../suites/shards.ts'), import('../suites/report-schema.ts')]);
    // Each shard checked against the report schema first (a CI artifact anyone can hand over), then reports that do
    // not make one whole run: both a wrong call (2), found before anything is printed or written.
    let merged;
    try {
      merged = mergeReports(files.map((f) => readReport(f, 'merge')));
    } catch (err) {
      throw new UsageError(`report merge: ${(err as Error).message.replace(/^report merge: /, '')}`);
    }
    return mergeCommand(merged, files.length, opts).ok ? 0 : 1;
  },

  async replay(file, id, opts = {}) {
    const { readReport } = await import('../suites/report-schema.ts');
    let report;
    try {
      report = readReport(file, 'replay');
    } catch (err) {
      throw new UsageError(`replay: ${(err as Error).message}`);
    }
    if (opts.control && opts.states) throw new UsageError("--control and --states name the same hook (the mock's is <control>/states): give one");
    const bounds = await checkedBounds(opts);
    const { replay } = await import('../suites/replay.ts');
    await import('../suites/checks/index.ts');
    const keys = Object.fromEntries((['free', 'payg', 'paid'] as const).flatMap((k) => (opts[`key${k[0]!.toUpperCase()}${k.slice(1)}`] ? [[k, opts[`key${k[0]!.toUpperCase()}${k.slice(1)}`]]] : [])));
    return replay(report, id, process.stdout, {
      aim: {
        target: opts.target,
        basePath: opts.basePath,
        states: opts.states,
        control: opts.control,
        statesToken: opts.statesToken,
        controlToken: opts.controlToken,
        appUrl: opts.appUrl,
        keys,
        bounds,
        useReportTarget: Boolean(opts.useReportTarget),
        // Only a person at a terminal can confirm; in CI or a pipe the target must be named.
        ...(process.stdin.isTTY && process.stdout.isTTY ? { confirm: askYes } : {}),
      },
    });
  },

  async proxy(opts) {
    if (!opts.upstream) throw new UsageError('--upstream <url> is required: the implementation to forward to');
    try {
      new URL(opts.upstream);
    } catch {
      throw new UsageError(`--upstream ${opts.upstream}: not a URL (e.g. http://127.0.0.1:8080)`);
    }
    const listenPort = port('--port', opts.port);
    const [{ startProxy }, { apiBasePath }] = await Promise.all([import('../proxy/server.ts'), import('../spec/load.ts')]);
    const proxy = await startProxy({ upstream: opts.upstream, port: listenPort, host: opts.host, reportFile: opts.report, preserveHost: Boolean(opts.preserveHost) });
    const base = apiBasePath();
    const prefix = new URL(opts.upstream).pathname.replace(/\/+$/, '');
    const apiThroughProxy = base.startsWith(prefix) ? `${proxy.origin}${base.slice(prefix.length)}` : proxy.origin;
    const operations = Object.keys(proxy.report().operations).length;
    console.log(
      [
        `Validating proxy listening on ${proxy.origin}`,
        `  Forwarding to:  ${proxy.upstream}`,
        `  API base URL:   ${apiThroughProxy}`,
        `  Checked against the public document (${operations} operations), with the validator the mock uses`,
        `  Summary:        GET ${proxy.origin}/_proxy/report${opts.report ? ` (also written to ${opts.report}, and on exit)` : ''}`,
      ].join('\n'),
    );
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      const { totals } = proxy.report();
      let written: string | undefined;
      try {
        written = proxy.writeReport();
      } catch (err) {
        console.error(`[proxy] could not write the report: ${(err as Error).message}`);
      }
      console.log(
        `[proxy] ${totals.exchanges} exchanges, ${totals.violating} broke the contract (${totals.unknownOperation} unknown operation), ${totals.upstreamErrors} upstream errors${written ? `; report written to ${written}` : ''}`,
      );
      await proxy.close();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return undefined;
  },
};

const configOption = () => new Option('--config <file>', `read settings from this JSON file (default: ./${CONFIG_FILE} when present)`).env(CONFIG_ENV);

/** The program, its actions replaceable (tests read the options they would receive). `done` gets each action's result. */
export function createProgram(actions: Actions, done: (result: ActionResult) => void): Command {
  const program = new Command();
  program
    .name('spw')
    .description('Social Publishing Workspace API contract toolkit: stateful mock, conformance suites, validating proxy')
    .version(packageVersion(), '-V, --version')
    // Throw instead of exiting, so main() decides the status: 0 for help and version, 2 for every usage mistake.
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', `${SETTINGS_HELP}\n${EXIT_HELP}`)
    .hook('preAction', (_program, command) => applyConfig(command));

  program
    .command('mock')
    .description('Start the stateful mock on an in-memory world seeded with demo workspaces')
    .addOption(new Option('--port <port>', 'port to listen on').env('PORT').default('4010'))
    .addOption(new Option('--host <host>', 'interface to listen on').env('HOST').default('127.0.0.1'))
    .addOption(new Option('--fixtures <dir>', 'folder with workspaces.json and the other fixtures').env('MOCK_FIXTURES'))
    .addOption(new Option('--scenario <file|name>', `start from a scenario file (GET /_mock/scenario saves one), or a ready one by name (${readyScenarios().join(', ')}); reset goes back to it`).env('MOCK_SCENARIO'))
    .addOption(new Option('--state-file <file>', 'keep the world in this file across restarts: loaded at start when it exists, written atomically after changes and on exit').env('MOCK_STATE_FILE'))
    .addOption(new Option('--seed <n>', 'seed ids and tokens so a run replays exactly (not for shared use)').env('MOCK_SEED'))
    .addOption(new Option('--fault <name...>', 'switch on named faults from the catalogue (repeatable, or comma separated)').env('MOCK_FAULTS'))
    .addOption(new Option('--variation <name...>', 'answer as a server that makes these choices the reference leaves open unlike the mock (docs/variations.md; repeatable, or comma separated)').env('MOCK_VARIATIONS'))
    .addOption(new Option('--strict', 'answer 500 when the mock itself would answer outside the contract').env('MOCK_STRICT'))
    .addOption(new Option('--public-url <origin>', 'the origin absolute URLs start with (ticket URLs, media paths, topUpUrl), when clients reach the mock by another address (a proxy, a container)').env('MOCK_PUBLIC_URL'))
    .addOption(new Option('--allowed-host <name...>', 'host names, besides localhost and IP addresses, that may reach the control API and /docs (.example.com takes subdomains)').env('MOCK_ALLOWED_HOSTS'))
    .addOption(new Option('--control-token <token>', 'require Authorization: Bearer <token> on every control API request, and the token typed into the wallet and consent pages; /docs lists keys only with it').env('MOCK_CONTROL_TOKEN'))
    .addOption(new Option('--cors-origin <origin...>', "origins whose web pages may call the public API (CORS): '*', 'off', or origins such as http://localhost:5173").env('MOCK_CORS_ORIGIN').default(['*'], '*'))
    .addOption(new Option('--control-cors', "let those origins call the control API too (same-origin only otherwise); needs a list of origins, not '*'").env('MOCK_CONTROL_CORS'))
    .addOption(new Option('--journal-bodies', 'keep the parsed JSON body of each public API request in the request journal (GET /_mock/requests), secrets redacted').env('MOCK_JOURNAL_BODIES'))
    .addOption(new Option('--clock <mode>', "the clock at start: 'real' (running), 'frozen' (at now), an ISO instant (frozen there), or 'as-saved' (a scenario's own instant and mode); a scenario's times move with it").env('MOCK_CLOCK'))
    .addOption(new Option('--max-connections <n>', 'connections served at once; one more is answered 503 with Retry-After, unserved (default 512)').env('MOCK_MAX_CONNECTIONS'))
    .addOption(new Option('--body-idle-timeout <seconds>', 'answer 408 and close when a request body stops arriving for this long (default 30)').env('MOCK_BODY_IDLE_TIMEOUT'))
    .addOption(new Option('--request-timeout <seconds>', 'answer 408 when a whole request (head and body) has not arrived in this long (default 900: a 1 GiB upload at 1.2 MB/s)').env('MOCK_REQUEST_TIMEOUT'))
    .addOption(new Option('--latency <ms>', "delay public API answers: '200', '100-800', or per operation 'createPosts=1500,listPosts=50-200,100' (the last a default); random delays follow --seed").env('MOCK_LATENCY'))
    .addOption(configOption())
    .addHelpText('after', `${SETTINGS_HELP}\n\nExamples:\n  spw mock --port 4011 --seed 7\n  MOCK_FAULTS=double-charge spw mock`)
    .action(async (opts) => done(await actions.mock(opts)));

  program
    .command('verify')
    .description('Run the conformance suites against any implementation of the API (or the mock in-process)')
    .addOption(new Option('--target <url>', 'the API base URL, e.g. http://127.0.0.1:4010/api/public/v1 (a bare origin gets /api/public/v1)').env('VERIFY_TARGET'))
    .addOption(new Option('--base-path <path>', "where a bare-origin --target mounts the API (default /api/public/v1; '/' for servers at the root, such as Prism)").env('VERIFY_BASE_PATH'))
    .addOption(new Option('--key-free <key>', 'API key of a free workspace never topped up').env(SECRET_ENV.free))
    .addOption(new Option('--key-payg <key>', 'API key of a free pay-as-you-go workspace (topped up, not frozen)').env(SECRET_ENV.payg))
    .addOption(new Option('--key-paid <key>', 'API key of a paid workspace').env(SECRET_ENV.paid))
    .addOption(new Option('--control <url>', "the mock's control API (<origin>/_mock): keys are read from it, and it resets, moves the clock, tops up...").env('VERIFY_CONTROL'))
    .addOption(new Option('--control-token <token>', 'the bearer token of a mock started with --control-token').env(SECRET_ENV.controlToken))
    .addOption(new Option('--states <url>', "the target's provider-states hook (spec/states.yaml): checks set up what the public API cannot create through it; with a hook, every check must be verified").env('VERIFY_STATES'))
    .addOption(new Option('--states-token <token>', 'a bearer token sent to the --states hook').env(SECRET_ENV.statesToken))
    .addOption(new Option('--app-url <url>', "the web app host ({app_url}: the OAuth consent page and token endpoint); default: the control API's origin, or the target's").env('VERIFY_APP_URL'))
    .addOption(new Option('--seed <n>', 'seed for generated data; the same seed reproduces the same run').env('VERIFY_SEED'))
    .addOption(new Option('--runs <n>', 'generated cases per property').env('VERIFY_RUNS').default('10'))
    .addOption(new Option('--checks <list>', 'comma separated check names, areas, or check/part to run one part of a check alone (see --list)').env('VERIFY_CHECKS'))
    .addOption(new Option('--junit <file>', 'write a JUnit XML report').env('VERIFY_JUNIT'))
    .addOption(new Option('--json <file>', 'write the full report as JSON').env('VERIFY_JSON'))
    .addOption(new Option('--html <file>', 'write a self-contained HTML report (one file, no network): coverage, failures with their reference sections and curl lines, states, timings').env('VERIFY_HTML'))
    .addOption(new Option('--concurrency <n>', 'checks run at once, each in copies of the seeded workspaces of its own, the big sweeps split into parts that run side by side (needs a states hook that copies and resets workspaces; checks that move the clock or set limits do it in the workspaces of their lane when the hook offers workspace.clockMoved and workspace.limitsSet, else run alone; the costliest start first); default 1, one request at a time, what any server takes').env('VERIFY_CONCURRENCY'))
    .addOption(new Option('--max-rps <n>', 'at most n requests a second to the target and its hook (a 429 is always waited out, Retry-After honoured, and asked again)').env('VERIFY_MAX_RPS'))
    .addOption(new Option('--posts-per-hour <n>', "the target's POST /posts limit per workspace per hour, when it is on (staging with production limits): the run plans within it, runs the checks that fit whole and names the rest not verified for the budget").env('VERIFY_POSTS_PER_HOUR'))
    .addOption(new Option('--publish-wait <seconds>', 'how long a check waits for what a server does a moment after it answers (a post sent now published from a queue, its webhook sent) before it judges what it saw; default 10 (1 with --in-process)').env('VERIFY_PUBLISH_WAIT'))
    .addOption(new Option('--max-answer-size <size>', 'read at most this much of an answer (decoded from gzip); a larger one is a finding on its operation (default 16MiB)').env('VERIFY_MAX_ANSWER_SIZE'))
    .addOption(new Option('--request-timeout <seconds>', 'seconds a request has for its whole answer; a later one is a finding on its operation, not waited on again (default 30)').env('VERIFY_REQUEST_TIMEOUT'))
    .addOption(new Option('--max-list-items <n>', 'items a list in an answer may hold; a longer one is a finding on its operation, not walked (default 10000)').env('VERIFY_MAX_LIST_ITEMS'))
    .addOption(new Option('--shard <i/n>', 'run a stable 1/n of the checks (CI shards; `spw report merge` joins their JSON reports into one verdict)').env('VERIFY_SHARD'))
    .addOption(new Option('--shard-timings <file>', 'a JSON report of an earlier run: shards are balanced by its checks\' durations').env('VERIFY_SHARD_TIMINGS'))
    .addOption(new Option('--media-url <url>', 'a public https image URL the target can fetch, for upload-from-url').env('VERIFY_MEDIA_URL'))
    .addOption(new Option('--in-process', 'verify a fresh mock served in this process (no port)').env('VERIFY_IN_PROCESS'))
    .addOption(new Option('--fault <name...>', 'with --in-process: switch on named faults').env('VERIFY_FAULTS'))
    .addOption(new Option('--variation <name...>', 'with --in-process: switch on named variations (legal choices unlike the mock\'s)').env('VERIFY_VARIATIONS'))
    .addOption(new Option('--quiet', 'print only failures and the summary').env('VERIFY_QUIET'))
    .addOption(new Option('--min-coverage <percent>', 'a gate: exit 1 when fewer documented response outcomes than this were reached and asserted, or when any check is not verified whole').env('VERIFY_MIN_COVERAGE'))
    .addOption(new Option('--areas <list>', 'judge only these areas of the API, comma separated: channels, posts, media, wallet, brief, skills, analytics, ai, description (with what every check reads first: the channels, groups and channel settings, and the price list); checks that need others are left out, and coverage and the verdict count these alone').env('VERIFY_AREAS'))
    .addOption(new Option('--operations <list>', 'judge only these operations (operationIds, comma separated), with what every check reads first').env('VERIFY_OPERATIONS'))
    .addOption(new Option('--min-verified <percent>', 'exit 1 when fewer of the selected checks than this reach a verdict (default 50): a run that verified only a sliver is not a pass').env('VERIFY_MIN_VERIFIED'))
    .option('--list', 'list the checks (with the reference sections each enforces and the states it needs) and exit')
    .option('--list-states', 'list the provider states a hook may offer, what each takes and produces, and the checks that use it, and exit')
    .addOption(configOption())
    .addHelpText(
      'after',
      `${SETTINGS_HELP}\n${EXIT_HELP}\n\nExamples:\n  spw verify --target https://staging.example.com --key-free K1 --key-payg K2 --key-paid K3 --junit reports/verify.xml\n  spw verify --target http://127.0.0.1:4010 --control http://127.0.0.1:4010/_mock
  spw verify --target https://staging.example.com/api/public/v1 --states https://staging.example.com/test-states --states-token T`,
    )
    .action(async (opts) => done(await actions.verify(opts)));

  const report = program.command('report').description('Work with the reports of verify runs');
  report
    .command('merge')
    .description("Join the JSON reports of a run's shards (verify --shard i/n) into one verdict and one coverage table")
    .argument('<json...>', 'the JSON report of every shard (verify --json)')
    .option('--json <file>', 'write the merged report as JSON')
    .option('--junit <file>', 'write the merged report as JUnit XML')
    .option('--html <file>', 'write the merged report as one HTML file')
    .option('--min-coverage <percent>', 'a gate: exit 1 when the merged response coverage is under this percent, or any check is not verified whole')
    .option('--min-verified <percent>', 'exit 1 when fewer of the checks than this reach a verdict (default 50)')
    .addHelpText('after', `\nExit status: 0 every shard passed and they make one whole run, 1 a check failed (or coverage is under the minimum),\n2 called wrongly (a missing file, shards of different runs or a shard missing).\n\nExample:\n  spw report merge reports/shard-*.json --junit reports/verify.xml --html reports/verify.html`)
    .action(async (files: string[], opts) => done(await actions.merge(files, opts)));

  program
    .command('replay')
    .description('Run one failure of a recorded run again against its target: the same flags, seed and check, from a fresh start, and tell whether the same departure shows')
    .argument('<report>', 'the JSON report of a verify run (verify --json <file>)')
    .argument('[failure]', 'the id of the failure to replay (F1, F2...: every report shows them); default the first')
    .addOption(new Option('--target <url>', "the target to replay against (keys and tokens go there): another server than the report's, or the same").env('VERIFY_TARGET'))
    .addOption(new Option('--use-report-target', "replay against the target the report names (shown first): a report is a file anyone can hand over, so its target is used only when named or asked for"))
    .addOption(new Option('--base-path <path>', "where a bare-origin --target mounts the API ('/' for servers at the root)").env('VERIFY_BASE_PATH'))
    .addOption(new Option('--states <url>', "the --target's provider-states hook (the report's is used only against the report's target)").env('VERIFY_STATES'))
    .addOption(new Option('--control <url>', "the mock's control API (<origin>/_mock) of the --target").env('VERIFY_CONTROL'))
    .addOption(new Option('--states-token <token>', 'the bearer token of the --states hook').env(SECRET_ENV.statesToken))
    .addOption(new Option('--control-token <token>', 'the bearer token of the --control API').env(SECRET_ENV.controlToken))
    .addOption(new Option('--app-url <url>', "the --target's web app host ({app_url})").env('VERIFY_APP_URL'))
    .addOption(new Option('--key-free <key>', 'API key of a free workspace never topped up').env(SECRET_ENV.free))
    .addOption(new Option('--key-payg <key>', 'API key of a free pay-as-you-go workspace').env(SECRET_ENV.payg))
    .addOption(new Option('--key-paid <key>', 'API key of a paid workspace').env(SECRET_ENV.paid))
    .addOption(new Option('--max-answer-size <size>', 'read at most this much of an answer, as verify (default 16MiB)').env('VERIFY_MAX_ANSWER_SIZE'))
    .addOption(new Option('--request-timeout <seconds>', 'seconds a request has for its whole answer, as verify (default 30)').env('VERIFY_REQUEST_TIMEOUT'))
    .addOption(new Option('--max-list-items <n>', 'items a list in an answer may hold, as verify (default 10000)').env('VERIFY_MAX_LIST_ITEMS'))
    .addHelpText(
      'after',
      `
The report holds the run's flags without secrets: keys and tokens are read from the flags or the variables verify
reads (${Object.values(SECRET_ENV).join(', ')}). They are sent only to the
target you name (--target or VERIFY_TARGET); the report's own target is shown, and used with --use-report-target
or when you confirm it on a terminal. The report's seed, check, scope and runs are replayed. With a states hook the
check starts from the hook's reset, keys and workspaces read afresh; dates come from the target's clock.

Exit status: 0 the departure did not show again, 1 it did (or the check found another departure, printed),
2 it could not be replayed (no such failure, a secret missing, no target named, the target not answering, the
check not verified, a report that is not one).

Examples:
  spw replay reports/verify.json --use-report-target        # the first failure, on the report's target
  VERIFY_KEY_PAID=K3 spw replay reports/verify.json F2 --target https://staging.example.com
  spw replay ci-report.json F1 --target http://127.0.0.1:4010 --control http://127.0.0.1:4010/_mock`,
    )
    .action(async (file: string, id: string | undefined, opts) => done(await (actions.replay ?? defaultActions.replay!)(file, id, opts)));

  program
    .command('record')
    .description("Record what the public API shows of each key's workspace into one scenario the mock loads (GET requests only)")
    .addOption(new Option('--target <url>', 'the API base URL, e.g. https://staging.example.com/api/public/v1 (a bare origin gets /api/public/v1)').env('RECORD_TARGET'))
    .addOption(new Option('--base-path <path>', "where a bare-origin --target mounts the API ('/' for servers at the root)").env('RECORD_BASE_PATH'))
    .addOption(new Option('--key <key...>', 'the API key of a workspace to record (repeatable); never written into the file').env('RECORD_KEYS'))
    .addOption(new Option('--out <file>', 'the scenario file to write (whole or not at all)').env('RECORD_OUT'))
    .addOption(new Option('--key-as <key...>', 'the key each recorded workspace gets in the mock, in the order of --key (default: fresh demo keys, printed)'))
    .addOption(new Option('--from <date>', 'posts published from this date or instant (default a month back)').env('RECORD_FROM'))
    .addOption(new Option('--to <date>', 'posts published up to this date or instant (default three months ahead)').env('RECORD_TO'))
    .addOption(new Option('--now <instant>', "the target's time, when it is not this machine's (a mock on a frozen clock): the scenario's clock").env('RECORD_NOW'))
    .addOption(new Option('--anonymize', 'replace post text, names and file names with generated text of the same length and shape').env('RECORD_ANONYMIZE'))
    .addOption(new Option('--media [MiB]', `copy media files' bytes too, newest first, up to this many MiB in all (default ${DEFAULT_MEDIA_MIB}); only files on the target's origin, fetched without a key`).env('RECORD_MEDIA'))
    .addOption(new Option('--max-rps <n>', 'at most n requests a second to the target (a 429 is always waited out, Retry-After honoured)').env('RECORD_MAX_RPS'))
    .addOption(new Option('--max-answer-size <size>', 'read at most this much of an answer, as verify (default 16MiB)').env('RECORD_MAX_ANSWER_SIZE'))
    .addOption(new Option('--request-timeout <seconds>', 'seconds a request has for its whole answer, as verify (default 30)').env('RECORD_REQUEST_TIMEOUT'))
    .addOption(new Option('--max-list-items <n>', 'items a list in an answer may hold, as verify (default 10000)').env('RECORD_MAX_LIST_ITEMS'))
    .addOption(configOption())
    .addHelpText(
      'after',
      `
Only GET requests are sent. Exit status: 0 recorded, 1 the target failed (the request and what was wrong are named;
no file is left), 2 called wrongly.

Examples:
  spw record --target https://staging.example.com --key "$KEY" --out world.json
  spw record --target http://127.0.0.1:4010 --key demo-payg-key --key demo-paid-key --anonymize --out world.json
  spw mock --scenario world.json`,
    )
    .action(async (opts) => done(await (actions.record ?? defaultActions.record!)(opts)));

  program
    .command('proxy')
    .description('Stand between a client and an implementation: forward every request unchanged, and report each exchange that breaks the public document')
    .addOption(new Option('--upstream <url>', 'the implementation, e.g. http://127.0.0.1:8080 (a path in it is put before every forwarded path); required').env('PROXY_UPSTREAM'))
    .addOption(new Option('--port <port>', 'port to listen on').env('PROXY_PORT').default('4020'))
    .addOption(new Option('--host <host>', 'interface to listen on').env('PROXY_HOST').default('127.0.0.1'))
    .addOption(new Option('--report <file>', 'write the JSON summary there on exit (SIGINT, SIGTERM) and on every GET /_proxy/report').env('PROXY_REPORT'))
    .addOption(
      new Option('--preserve-host', "send the client's Host header upstream instead of the upstream's (its absolute URLs then point at the proxy)").env('PROXY_PRESERVE_HOST'),
    )
    .addOption(configOption())
    .addHelpText(
      'after',
      `
Requests and answers pass through unchanged (hop-by-hop headers aside; Host becomes the upstream's unless
--preserve-host). Each exchange under the API's base path is checked: the request with the validator the mock
uses (unknown operation, request parameters and body), the answer with the response checks verify runs (server
errors, undocumented status, undocumented content type, response body schema, missing documented headers). One
line is printed per exchange that breaks the contract; GET /_proxy/report answers the JSON summary (calls per
operation, each check's verdicts, every violation).
${SETTINGS_HELP}

Examples:
  spw proxy --upstream http://127.0.0.1:8080 --report reports/proxy.json
  curl http://127.0.0.1:4020/api/public/v1/integrations -H 'Authorization: <key>'
  spw verify --target http://127.0.0.1:4020/api/public/v1 --key-free K1 --key-payg K2 --key-paid K3`,
    )
    .action(async (opts) => done(await actions.proxy(opts)));

  return program;
}

/**
 * Run a command line; resolves to the exit status, or undefined when a server was started and the process should live
 * on. Never calls process.exit itself (the actions' signal handlers do, when a server stops).
 */
export async function main(argv: string[], actions: Actions = defaultActions): Promise<ActionResult> {
  let result: ActionResult = 0;
  const program = createProgram(actions, (r) => {
    result = r;
  });
  try {
    await program.parseAsync(argv);
    return result;
  } catch (err) {
    // Commander has already printed its message (or the help); only the status is left to choose.
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    if (err instanceof UsageError) {
      console.error(`error: ${err.message}`);
      return 2;
    }
    console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
