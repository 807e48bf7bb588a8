// Writes spec/generated/{openapi,control,states}.json from the YAML sources (fast to load at start); --check fails on drift.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseYamlSource, sourceHash, SOURCE_HASH_KEY } from '../spec/source.ts';

export const BUNDLES = ['openapi', 'control', 'states'] as const;

/** Each bundle as its YAML source gives it now, with whether the committed file is that. */
export function bundles(): Array<{ name: string; file: string; text: string; fresh: boolean }> {
  return BUNDLES.map((name) => {
    const source = readFileSync(new URL(`../spec/${name}.yaml`, import.meta.url), 'utf8');
    const target = new URL(`../spec/generated/${name}.json`, import.meta.url);
    const text = `${JSON.stringify({ [SOURCE_HASH_KEY]: sourceHash(source), ...parseYamlSource(source) }, null, 2)}\n`;
    return { name, file: `spec/generated/${name}.json`, text, fresh: existsSync(target) && readFileSync(target, 'utf8') === text };
  });
}

if (import.meta.main) {
  const check = process.argv.includes('--check');
  let drift = false;
  for (const b of bundles()) {
    if (check) {
      if (!b.fresh) {
        console.error(`${b.file} is out of date with spec/${b.name}.yaml: run \`npm run regen\` (or \`npm run types\`) and commit the result.`);
        drift = true;
      } else console.log(`ok ${b.file}`);
    } else {
      writeFileSync(new URL(`../${b.file}`, import.meta.url), b.text);
      console.log(`wrote ${b.file}`);
    }
  }
  if (drift) process.exit(1);
}
