// The package's library entry, for code rather than the command line: the typed client, the mock (served or in-process),
// the suites and the validating proxy. Frontend code that only needs the client imports `social-publishing-contract/client`,
// which loads nothing else.
export {
  API_BASE_PATH,
  apiBaseUrl,
  createSpwClient,
  createMockControl,
  errorText,
  otherSettings,
  type MockControl,
  type SpwError,
  type components,
  type operations,
  type paths,
  type Schemas,
  type SpwClient,
  type SpwClientOptions,
} from './client/index.ts';
export { startMock, type RunningMock } from './mocks/server.ts';
export { createMockApp, type MockApp } from './mocks/http/app.ts';
export type { MockOptions } from './mocks/http/state.ts';
export { loadFixtures } from './fixtures/load.ts';
export { FAULTS, faultNames, type FaultDefinition } from './mocks/http/faults/index.ts';
export { verify, type VerifyOptions } from './suites/verify.ts';
export type { CheckResult, RunReport } from './suites/runner.ts';
export { startProxy, type ProxyOptions, type RunningProxy } from './proxy/server.ts';
