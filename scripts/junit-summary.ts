// Prints one closing line from a JUnit report ("vitest: N passed, N failed, N skipped"), for CI logs: vitest's by default,
// or another one named by the second argument (`junit-summary.ts reports/verify-junit.xml "spw verify"`).
import { existsSync, readFileSync } from 'node:fs';
import { IN_PART_MARK } from '../suites/report/junit.ts';

const file = process.argv[2] ?? 'reports/junit.xml';
const label = process.argv[3] ?? 'vitest';
if (!existsSync(file)) {
  console.error(`No JUnit report at ${file}: did the tests run?`);
  process.exit(1);
}
const xml = readFileSync(file, 'utf8');
const root = /<testsuites\b[^>]*>/.exec(xml)?.[0] ?? '';
const attr = (name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(root)?.[1] ?? 0);
const total = attr('tests');
const failed = attr('failures') + attr('errors');
// vitest's report gives no `skipped` on its root, only on each file's <testsuite>: a skip read as 0 would be counted
// as a pass.
const suites = [...xml.matchAll(/<testsuite\b[^>]*\bskipped="(\d+)"/g)].reduce((n, m) => n + Number(m[1]), 0);
const skipped = /\bskipped="/.test(root) ? attr('skipped') : suites;
if (total === 0) {
  console.error('The JUnit report lists no test: a run that executes no test does not count.');
  process.exit(1);
}
// spw verify's report names a check that passed on part of what it covers (suites/report/junit.ts).
const inPart = xml.split(`<system-out>${IN_PART_MARK}`).length - 1;
console.log(`${label}: ${total - failed - skipped} passed${inPart ? ` (${inPart} in part)` : ''}, ${failed} failed, ${skipped} skipped`);
if (failed > 0) process.exit(1);
