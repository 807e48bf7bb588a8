// The fault catalogue moved to mocks/http/faults/ (one file per area, and index.ts); this re-export keeps the modules
// that still import it here (cli/program.ts, mocks/http/control/core.ts) working until they import faults/index.ts.
export * from './faults/index.ts';
