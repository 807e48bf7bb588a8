// The mock on Node: the core (core.ts) with files on disk, DNS and node:http(s) fetches, and the interactive reference.
// spec/load.ts is imported first, so that an edited YAML is served even before its bundle is rebuilt.
import { bundledSpec } from '../../spec/load.ts';
import { createMockCore, type MockApp } from './core.ts';
import { mountDocs } from './docs.ts';
import { mountConsole } from './console-page.ts';
import { nodeEffects } from './node-effects.ts';
import type { MockOptions } from './state.ts';

export { CONTROL_PATH, MEDIA_FILES_PATH, type MockApp, type NodeBindings } from './core.ts';

export function createMockApp(options: MockOptions = {}): MockApp {
  return createMockCore(options, {
    effects: nodeEffects,
    // The interactive reference (Swagger UI, local assets read on first use) and the console (/_mock/console), outside
    // the documents.
    extend: (app, state, apiPath) => {
      mountDocs(app, state, apiPath);
      mountConsole(app, state);
    },
  });
}

export { bundledSpec };
