// One start of the mock, split into phases, each timed in CPU milliseconds; prints one JSON line. Run by
// scripts/bench-startup.ts, which repeats it. Compile cache on, as cli/bin.ts has it.
import { enableCompileCache } from 'node:module';

enableCompileCache();
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const phases: Record<string, number> = { 'node itself': cpu() };
let last = cpu();
const mark = (name: string) => {
  const now = cpu();
  phases[name] = now - last;
  last = now;
};
await import('ajv/dist/2020.js');
await import('ajv-formats');
mark('ajv and ajv-formats');
await import('hono');
await import('@hono/node-server');
await import('commander');
await import('busboy');
await import('secure-json-parse');
await import('ipaddr.js');
mark('other libraries');
const { loadSpec, loadControlSpec } = await import('../../spec/load.ts');
loadSpec();
loadControlSpec();
mark('documents read and frozen');
const { getValidator } = await import('../../spec/validator.ts');
getValidator();
mark('validator built');
const { startMock } = await import('../../mocks/server.ts');
mark('mock modules');
const mock = await startMock({ port: 0 });
mark('world seeded, listening');
const res = await fetch(`${mock.origin}/api/public/v1/openapi.json`);
await res.text();
mark('first 200 on /openapi.json');
if (res.status !== 200) throw new Error(`openapi.json answered ${res.status}`);
await mock.close();
console.log(JSON.stringify(phases));
