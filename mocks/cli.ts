#!/usr/bin/env node
// The package's command line: `mock` starts the stateful mock, `verify` runs the suites, `proxy` checks a live implementation's
// traffic. The commands are defined in cli-program.ts; this runs them and exits with their status (0 done, 1 failed,
// 2 called wrongly), except when a server was started: then the process lives until SIGINT or SIGTERM.
import { main } from './cli-program.ts';

const status = await main(process.argv);
if (status !== undefined) process.exit(status);
