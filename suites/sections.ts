// The reference sections a check enforces, read from its `rule` (which quotes them): "Section 4.4", "Sections 1, 2.8
// and 7", "section 3", "4.1:", "2.3-2.5", "Conventions". A test holds every check to at least one, each a heading of
// the reference.

const LIST = String.raw`\d+(?:\.\d+)?(?:\s*(?:,|and|or|/|-|–)\s*\d+(?:\.\d+)?)*`;
const NAMED = new RegExp(String.raw`\b[Ss]ections?\s+(${LIST})`, 'g');
/** A bare number after a separator that the rule uses as a section ("; 4.1: GET /social ..."). */
const BARE = /(?:^|[;(]\s*)(\d+\.\d+)(?=[:\s])/g;

function expand(list: string): string[] {
  const out: string[] = [];
  for (const part of list.split(/\s*(?:,|and|or|\/)\s*/)) {
    const range = part.split(/\s*[-–]\s*/);
    if (range.length === 2) {
      const [a, b] = range as [string, string];
      const [ma, na] = a.split('.').map(Number);
      const [mb, nb] = b.split('.').map(Number);
      if (ma === mb && na !== undefined && nb !== undefined && nb >= na && nb - na < 20) for (let n = na; n <= nb; n++) out.push(`${ma}.${n}`);
      else out.push(a, b);
    } else if (part) out.push(part);
  }
  return out;
}

export function sectionsOf(rule: string): string[] {
  const found = new Set<string>();
  if (/\bConventions\b/.test(rule)) found.add('Conventions');
  for (const m of rule.matchAll(NAMED)) for (const s of expand(m[1]!)) found.add(s);
  for (const m of rule.matchAll(BARE)) found.add(m[1]!);
  return [...found].sort((a, b) => (a === 'Conventions' ? -1 : b === 'Conventions' ? 1 : a.localeCompare(b, 'en', { numeric: true })));
}
