// How the console writes what it shows: keys masked in a curl line unless asked, and bidirectional and control
// characters made visible rather than reordering the text around them.
import { describe, expect, it } from 'vitest';
import { curlOf, mask } from './format.ts';
import { visible } from './dom.ts';
import type { JournalEntry } from './control.ts';

const entry = { method: 'GET', path: '/api/public/v1/groups', status: 200 } as unknown as JournalEntry;

describe('the console\'s text', () => {
  it('Copy as curl masks the key as the Workspaces panel does, and gives it whole only when asked', () => {
    const key = 'demo-paid-key';
    const masked = curlOf(entry, 'http://127.0.0.1:4010', key, undefined);
    expect(masked).toContain(`-H 'Authorization: ${mask(key)}'`);
    expect(masked).not.toContain(key);
    expect(curlOf(entry, 'http://127.0.0.1:4010', key, undefined, { showKey: true })).toContain(`-H 'Authorization: ${key}'`);
  });

  it('writes bidirectional formatting and control characters visibly (a U+202E in a name cannot reverse the id after it)', () => {
    expect(visible('Evil\u202eenoyrev (ws_1)')).toBe('Evil⟨U+202E⟩enoyrev (ws_1)');
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c', '\u0000', '\u001b', '\u007f', '\u0085']) {
      expect(visible(`a${c}b`)).toMatch(/^a⟨U\+[0-9A-F]{4}⟩b$/);
    }
    expect(visible('tab\tand\nline, café, 日本語')).toBe('tab\tand\nline, café, 日本語');
  });
});
