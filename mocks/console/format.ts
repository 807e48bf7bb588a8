// How the console writes values: credits, instants of the mock clock, durations, masked keys, and a request as curl.
import type { JournalEntry } from './control.ts';
import type { ConsoleOperation } from '../http/console-data.ts';

export function credits(value: number): string {
  return `${value < 0 ? '−' : ''}${Math.abs(value).toFixed(2)}`;
}

/** Signed, for a change: +50.00, −0.30. */
export function creditsChange(value: number): string {
  return `${value > 0 ? '+' : ''}${credits(value)}`;
}

/** `2026-01-05 09:00:00` in UTC: the mock's instants are UTC, and the console says so once, in its header. */
export function instant(ms: number | string): string {
  const t = typeof ms === 'string' ? Date.parse(ms) : ms;
  if (!Number.isFinite(t)) return String(ms);
  return new Date(t).toISOString().replace('T', ' ').slice(0, 19);
}

/** `09:00:00.123`: a journal row's time, to the millisecond (requests come faster than seconds). */
export function timeOfDay(iso: string): string {
  return iso.slice(11, 23);
}

/** `in 2 h 5 min`, `3 d ago`: how far an instant is from the mock's now. */
export function relative(ms: number, now: number): string {
  const d = ms - now;
  const abs = Math.abs(d);
  const parts: string[] = [];
  const day = 86_400_000;
  if (abs >= day) parts.push(`${Math.floor(abs / day)} d`);
  if (abs % day >= 3_600_000 && parts.length < 2) parts.push(`${Math.floor((abs % day) / 3_600_000)} h`);
  if (abs < day && abs % 3_600_000 >= 60_000) parts.push(`${Math.floor((abs % 3_600_000) / 60_000)} min`);
  if (parts.length === 0) return d >= 0 ? 'now' : 'just now';
  return d >= 0 ? `in ${parts.join(' ')}` : `${parts.join(' ')} ago`;
}

/** A key with its middle hidden, so a screenshot or a shoulder does not carry it: `demo…-key`. */
export function mask(key: string): string {
  if (key.length <= 8) return '•'.repeat(key.length);
  return `${key.slice(0, 4)}…${key.slice(-4)}`;
}

/** One shell word, single-quoted. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The request again, as a curl line: the journal keeps no headers, so the key is the workspace's current one (or a
 * placeholder), and the body is there only when the mock keeps bodies (`--journal-bodies`). The key is masked as the
 * Workspaces panel masks it, unless `showKey` asks for it whole (a line to run rather than to show or paste around).
 */
export function curlOf(entry: JournalEntry, origin: string, key: string | undefined, op: ConsoleOperation | undefined, { showKey = false } = {}): string {
  const query = entry.query ? `?${new URLSearchParams(entry.query)}` : '';
  const parts = ['curl', ...(entry.method === 'GET' ? [] : ['-X', entry.method]), quote(`${origin}${entry.path}${query}`)];
  parts.push('-H', quote(`Authorization: ${key === undefined ? '<API key>' : showKey ? key : mask(key)}`));
  if (op?.body?.startsWith('multipart/')) parts.push('-F', quote('file=@<your file>'));
  else if (entry.body !== undefined) parts.push('-H', quote('Content-Type: application/json'), '--data-raw', quote(JSON.stringify(entry.body)));
  else if (entry.bodyText !== undefined) parts.push('-H', quote('Content-Type: application/json'), '--data-raw', quote(`${entry.bodyText}…`));
  else if (op?.body && entry.bodyBytes) parts.push('-H', quote(`Content-Type: ${op.body}`), '--data-raw', quote('<body not kept: start the mock with --journal-bodies>'));
  return parts.join(' ');
}
