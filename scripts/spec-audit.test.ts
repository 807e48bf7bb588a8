// The spec audit (docs/spec-audit.md) against the API reference, which lives outside the repository: skipped, saying
// so, only where the reference is absent.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { audit, AUDIT_DOC, DEFAULT_REFERENCE, render } from './spec-audit.ts';

const present = existsSync(DEFAULT_REFERENCE);
if (!present) console.warn(`scripts/spec-audit.test.ts: skipped, the API reference is not at ${DEFAULT_REFERENCE}`);

describe.skipIf(!present)(`spec audit against ${DEFAULT_REFERENCE}`, () => {
  it('npm run spec:audit -- --check passes: docs/spec-audit.md is current, and every (operation, status) has a reference line or a decision', () => {
    let output = '';
    try {
      output = execFileSync(process.execPath, ['scripts/spec-audit.ts', '--check'], { cwd: new URL('..', import.meta.url), encoding: 'utf8', stdio: 'pipe' });
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      expect.fail(`spec-audit --check failed (run npm run spec:audit, then see docs/spec-audit.md):\n${e.stderr ?? ''}${e.stdout ?? ''}`);
    }
    expect(output).toMatch(/is up to date/);
  });

  it('fails a status no line documents and no decision explains, and a status the reference gives that the spec lacks', () => {
    const reference = readFileSync(DEFAULT_REFERENCE, 'utf8');
    const spec = readFileSync(new URL('../spec/openapi.yaml', import.meta.url), 'utf8');
    // A 409 on GET /groups: nothing documents it. GET /skills without its 402: the reference gives it one.
    const edited = spec
      .replace(/(operationId: listGroups[\s\S]*?responses:\n)/, "$1        '409':\n          description: Conflict.\n")
      .replace(/(operationId: listSkills[\s\S]*?)        '402':\n          \$ref: '#\/components\/responses\/WalletRefusal'\n/, '$1');
    const a = audit(reference, edited);
    expect(a.problems.join('\n')).toMatch(/listGroups 409 .*no reference line documents it and DECISIONS has no reason/);
    expect(a.problems.join('\n')).toMatch(/listSkills \(GET \/skills\): the reference documents 402 .* and the spec does not/);
    expect(render(a)).toMatch(/## Problems/);
  });

  it('cites the row, the status it names and section 7, and gives the decision where no line documents a status', () => {
    const doc = readFileSync(AUDIT_DOC, 'utf8');
    expect(doc).toMatch(/\| getIntegrationSettings \| `GET \/integration-settings\/\{id\}` \| 404 \| §4\.1 "GET \/integration-settings\/<id> … 404 when not found"; §7 "Not found" \|/);
    expect(doc).toMatch(/\| findSlot \| `GET \/find-slot\/\{id\}` \| 404 \| mock decision: /);
    expect(doc).toMatch(/\| createPosts \| `POST \/posts` \| 429 \| §\d[\d.]* .*Rate limit/);
  });

  it('cites sections and words, not line numbers: lines added to the reference leave the audit as it was', () => {
    const reference = readFileSync(DEFAULT_REFERENCE, 'utf8');
    const spec = readFileSync(new URL('../spec/openapi.yaml', import.meta.url), 'utf8');
    const grown = reference.replace(/\n## 2\./, '\nA sentence added to the introduction.\n\nAnd another.\n\n## 2.');
    expect(grown).not.toBe(reference);
    expect(render(audit(grown, spec))).toBe(render(audit(reference, spec)));
    expect(readFileSync(AUDIT_DOC, 'utf8')).not.toMatch(/public-api\.md:\d+/);
  });
});
