#!/usr/bin/env node
// The package's command line: `mock` starts the stateful mock, `verify` runs the suites, `proxy` checks a live implementation's traffic.
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
      `  Reference:     ${mock.origin}/docs (try the API in a browser)`,
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
  .option('--base-path <path>', "where a bare-origin --target mounts the API (default /api/public/v1; '/' for servers at the root, such as Prism)")
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

program
  .command('proxy')
  .description('Stand between a client and an implementation: forward every request unchanged, and report each exchange that breaks the public document')
  .requiredOption('--upstream <url>', 'the implementation, e.g. http://127.0.0.1:8080 (a path in it is put before every forwarded path)')
  .addOption(new Option('--port <port>', 'port to listen on').default('4020'))
  .addOption(new Option('--host <host>', 'interface to listen on').default('127.0.0.1'))
  .option('--report <file>', 'write the JSON summary there on exit (SIGINT, SIGTERM) and on every GET /_proxy/report')
  .option('--preserve-host', "send the client's Host header upstream instead of the upstream's (its absolute URLs then point at the proxy)")
  .addHelpText(
    'after',
    `
Requests and answers pass through unchanged (hop-by-hop headers aside; Host becomes the upstream's unless
--preserve-host). Each exchange under the API's base path is checked with the validator the mock uses:
unknown operation, request violations, undocumented status, undocumented content type, response body schema,
missing documented headers. One line is printed per exchange that breaks the contract; GET /_proxy/report
answers the JSON summary (calls per operation, every violation).

Examples:
  spw proxy --upstream http://127.0.0.1:8080 --report reports/proxy.json
  curl http://127.0.0.1:4020/api/public/v1/integrations -H 'Authorization: <key>'
  npm run verify -- --target http://127.0.0.1:4020/api/public/v1 --key-free K1 --key-payg K2 --key-paid K3`,
  )
  .action(async (opts) => {
    const { startProxy } = await import('../proxy/server.ts');
    const port = Number(opts.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port ${opts.port}: not a port number`);
    const proxy = await startProxy({ upstream: opts.upstream, port, host: opts.host, reportFile: opts.report, preserveHost: Boolean(opts.preserveHost) });
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
  });

program.parseAsync(process.argv).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
