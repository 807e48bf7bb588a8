// Writes spec/generated/{openapi,control,states}.json from the YAML sources (fast to load at start); --check fails on drift.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseYamlSource, sourceHash, SOURCE_HASH_KEY } from '../spec/source.ts';

const check = process.argv.includes('--check');
let drift = false;
for (const name of ['openapi', 'control', 'states']) {
  const source = new URL(`../spec/${name}.yaml`, import.meta.url);
  const target = new URL(`../spec/generated/${name}.json`, import.meta.url);
  const text = readFileSync(source, 'utf8');
  const bundle = { [SOURCE_HASH_KEY]: sourceHash(text), ...parseYamlSource(text) };
  const output = `${JSON.stringify(bundle, null, 2)}\n`;
  if (check) {
    if (!existsSync(target) || readFileSync(target, 'utf8') !== output) {
      console.error(`spec/generated/${name}.json is out of date with spec/${name}.yaml: run \`npm run types\` and commit the result.`);
      drift = true;
    } else {
      console.log(`ok spec/generated/${name}.json`);
    }
  } else {
    writeFileSync(target, output);
    console.log(`wrote spec/generated/${name}.json`);
  }
}
if (drift) process.exit(1);
