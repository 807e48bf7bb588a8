#!/usr/bin/env node
// The package's command line: `mock` starts the stateful mock (more commands join as they exist).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { startMock } from './server.ts';
import { loadFixtures } from '../fixtures/load.ts';
import { apiBasePath } from '../spec/load.ts';

/** Load a fixtures folder, refusing one that would start an empty or broken world (a typo in --fixtures). */
function checkedFixtures(dir: string) {
  if (!existsSync(join(dir, 'workspaces.json'))) {
    throw new Error(`--fixtures ${dir}: no workspaces.json in that folder (copy fixtures/ and edit it)`);
  }
  const fixtures = loadFixtures(dir);
  if (!Array.isArray(fixtures.workspaces) || fixtures.workspaces.length === 0) {
    throw new Error(`--fixtures ${dir}: workspaces.json must hold {"workspaces": [...]} with at least one workspace`);
  }
  const keys = new Set<string>();
  for (const ws of fixtures.workspaces) {
    if (!ws.id || !ws.apiKey || !['free', 'paid'].includes(ws.plan) || !Array.isArray(ws.channels) || !Array.isArray(ws.groups)) {
      throw new Error(`--fixtures ${dir}: workspace ${ws.id ?? '(no id)'} needs id, apiKey, plan (free or paid), groups and channels`);
    }
    if (keys.has(ws.apiKey)) throw new Error(`--fixtures ${dir}: API key ${ws.apiKey} is used by two workspaces`);
    keys.add(ws.apiKey);
  }
  return fixtures;
}

const program = new Command();
program.name('spw').description('Social Publishing Workspace API contract toolkit: stateful mock and conformance suites');

program
  .command('mock')
  .description('Start the stateful mock on an in-memory world seeded with demo workspaces')
  .addOption(new Option('--port <port>', 'port to listen on').env('PORT').default('4010'))
  .addOption(new Option('--host <host>', 'interface to listen on').env('HOST').default('127.0.0.1'))
  .addOption(new Option('--fixtures <dir>', 'folder with workspaces.json and the other fixtures').env('MOCK_FIXTURES'))
  .addOption(new Option('--seed <n>', 'seed ids and tokens so a run replays exactly (not for shared use)').env('MOCK_SEED'))
  .addOption(new Option('--fault <name...>', 'switch on a named fault from the catalogue (repeatable)'))
  .addOption(new Option('--strict', 'answer 500 when the mock itself would answer outside the contract').env('MOCK_STRICT'))
  .action(async (opts) => {
    const faults = [...(opts.fault ?? []), ...(process.env.MOCK_FAULTS ?? '').split(',').map((s) => s.trim()).filter(Boolean)];
    const mock = await startMock({
      port: Number(opts.port),
      host: opts.host,
      fixtures: opts.fixtures ? checkedFixtures(opts.fixtures) : undefined,
      seed: opts.seed !== undefined ? Number(opts.seed) : undefined,
      faults,
      strict: Boolean(opts.strict),
    });
    const base = `${mock.origin}${apiBasePath()}`;
    const lines = [
      `Social Publishing Workspace mock listening on ${mock.origin}`,
      `  API base URL:  ${base}`,
      `  Document:      ${base}/openapi.json`,
      `  Control API:   ${mock.origin}/_mock`,
      '  Demo API keys (send as `Authorization: <key>`, no Bearer):',
      ...[...mock.app.state.world.workspaces.values()].map(
        (ws) => `    ${ws.apiKey.padEnd(16)} ${ws.name} (${ws.plan}${ws.plan === 'free' ? (ws.wallet.toppedUp ? ', pay-as-you-go' : ', never topped up') : ''})`,
      ),
      ...(faults.length > 0 ? [`  Faults ON:     ${faults.join(', ')}`] : []),
    ];
    console.log(lines.join('\n'));
    const stop = async () => {
      await mock.close();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });

program
  .command('verify')
  .description('Run the conformance suites against any implementation of the API (or the mock in-process)')
  .option('--target <url>', 'the API base URL, e.g. http://127.0.0.1:4010/api/public/v1 (a bare origin gets /api/public/v1)')
  .option('--key-free <key>', 'API key of a free workspace never topped up')
  .option('--key-payg <key>', 'API key of a free pay-as-you-go workspace (topped up, not frozen)')
  .option('--key-paid <key>', 'API key of a paid workspace')
  .option('--control <url>', "the mock's control API (<origin>/_mock): keys are read from it, and it resets, moves the clock, tops up...")
  .option('--seed <n>', 'seed for generated data; the same seed reproduces the same run')
  .option('--runs <n>', 'generated cases per property', '10')
  .option('--checks <list>', 'comma separated check names or areas (see --list)')
  .option('--junit <file>', 'write a JUnit XML report')
  .option('--json <file>', 'write the full report as JSON')
  .option('--media-url <url>', 'a public https image URL the target can fetch, for upload-from-url')
  .option('--in-process', 'verify a fresh mock served in this process (no port)')
  .option('--fault <name...>', 'with --in-process: switch on named faults')
  .option('--list', 'list the checks and exit')
  .option('--quiet', 'print only failures and the summary')
  .action(async (opts) => {
    const { verify } = await import('../suites/verify.ts');
    const report = await verify(opts);
    process.exit(report && !report.ok ? 1 : 0);
  });

program.parseAsync(process.argv).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
