#!/usr/bin/env node
// The package's command line: `mock` starts the stateful mock, `verify` runs the suites, `proxy` checks a live implementation's
// traffic. The commands are defined in program.ts; this runs them and exits with their status (0 done, 1 failed,
// 2 called wrongly), except when a server was started: then the process lives until SIGINT or SIGTERM.
import { main } from './program.ts';

// A reader that stops early (`spw verify --list | head`) closes the pipe: that ends the output, it is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

const status = await main(process.argv);
if (status !== undefined) {
  // Writes to a pipe (a CI log, npx) finish asynchronously, and process.exit would cut off the end of a long report:
  // exit once everything printed is out.
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise<void>((resolve) => stream.write('', () => resolve()))));
  process.exit(status);
}
