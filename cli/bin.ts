#!/usr/bin/env node
// The package's executable: turn on Node's compile cache, then load the command line. The cache keeps each module's
// compiled (and, from sources, type-stripped) code between runs, so the second start of the mock skips that work; it
// must be switched on before the modules load, hence this separate entry rather than a line in run.ts.
import { enableCompileCache, flushCompileCache } from 'node:module';

enableCompileCache();
await import('./run.ts');
// Written now rather than at exit, so a mock that is killed rather than stopped still leaves its cache for the next start.
flushCompileCache();
