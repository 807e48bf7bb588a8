// Reproductions: a `curl` line for one recorded exchange, a short bash script for a sequence.
import type { Exchange } from './history.ts';

function sq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

const SKIP_HEADERS = new Set(['content-length', 'host', 'connection', 'accept-encoding', 'user-agent', 'accept', 'accept-language', 'sec-fetch-mode']);

/** One curl command that sends the same request again. */
export function curlOf(e: Exchange): string {
  const parts = ['curl -sS -i', '-X', e.method, sq(e.url)];
  const multipart = typeof e.requestBody === 'object' && e.requestBody !== null;
  for (const [k, v] of Object.entries(e.requestHeaders)) {
    if (SKIP_HEADERS.has(k.toLowerCase())) continue;
    if (multipart && k.toLowerCase() === 'content-type') continue; // curl writes its own boundary
    parts.push('-H', sq(`${k}: ${v}`));
  }
  if (typeof e.requestBody === 'string') parts.push('--data-raw', sq(e.requestBody));
  else if (e.requestBody && 'multipart' in e.requestBody) {
    for (const p of e.requestBody.multipart) {
      if (p.value !== undefined) parts.push('-F', sq(`${p.name}=${p.value}`));
      else if (p.base64) parts.push('-F', `"${p.name}=@<(printf %s ${p.base64} | base64 -d);filename=${p.filename ?? 'file'}${p.type ? `;type=${p.type}` : ''}"`);
      else parts.push('-F', sq(`${p.name}=@${p.filename ?? 'file'}`));
    }
  }
  return parts.join(' ');
}

/** A bash script replaying a sequence; ids are the recorded run's (a seeded mock after a reset gives the same ids). */
export function scriptOf(exchanges: Exchange[], note?: string): string {
  const lines = ['#!/usr/bin/env bash', '# Replays the failing sequence in order.' + (note ? ` ${note}` : '')];
  for (const e of exchanges) {
    lines.push(`# -> ${e.status}${e.operationId ? ` (${e.operationId})` : ''}`);
    lines.push(curlOf(e));
  }
  return lines.join('\n');
}
