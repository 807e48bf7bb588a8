// The README's throughput chart: grouped horizontal bars (requests per second) per operation and server, as plain SVG.

interface ChartInput {
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; cpuAvailability?: { share: number } };
  connections: number;
  rows: Array<{ server: string; operation: string; requestsPerSecond: number }>;
}

const COLORS: Record<string, string> = { mock: '#2563eb', prism: '#f59e0b', bare: '#6b7280', adapter: '#9ca3af' };
const LABELS: Record<string, string> = { mock: 'this mock', prism: 'Stoplight Prism (mock)', bare: 'bare node:http, fixed body', adapter: 'the HTTP adapter alone, fixed body' };

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function throughputChart(input: ChartInput): string {
  const operations = [...new Set(input.rows.map((r) => r.operation))];
  const servers = ['mock', 'prism', 'bare', 'adapter'].filter((s) => input.rows.some((r) => r.server === s));
  const max = Math.max(...input.rows.map((r) => r.requestsPerSecond), 1);
  const left = 250;
  const width = 820;
  const barArea = width - left - 90;
  const bar = 16;
  const groupGap = 18;
  const top = 56;
  let y = top;
  const parts: string[] = [];
  for (const op of operations) {
    const rows = servers.map((s) => input.rows.find((r) => r.server === s && r.operation === op)).filter((r) => r !== undefined);
    const groupHeight = rows.length * (bar + 4);
    parts.push(`<text x="${left - 10}" y="${y + groupHeight / 2 + 4}" text-anchor="end" class="op">${escape(op)}</text>`);
    for (const r of rows) {
      const w = Math.max(1, (r.requestsPerSecond / max) * barArea);
      parts.push(`<rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="${bar}" fill="${COLORS[r.server]}"><title>${r.server}: ${r.requestsPerSecond} req/s</title></rect>`);
      parts.push(`<text x="${(left + w + 6).toFixed(1)}" y="${y + bar - 4}" class="val">${r.requestsPerSecond.toLocaleString('en-US')}</text>`);
      y += bar + 4;
    }
    y += groupGap;
  }
  const legendY = y + 6;
  // Two to a row, so four servers' names fit the width.
  servers.forEach((s, i) => {
    const x = left + (i % 2) * 280;
    const ly = legendY + Math.floor(i / 2) * 20;
    parts.push(`<rect x="${x}" y="${ly}" width="12" height="12" fill="${COLORS[s]}"/><text x="${x + 18}" y="${ly + 11}" class="val">${escape(LABELS[s] ?? s)}</text>`);
  });
  const height = legendY + Math.ceil(servers.length / 2) * 20 + 14;
  const subtitle = `${input.machine.cpus} x ${input.machine.cpuModel}, Node ${input.machine.node}, ${input.connections} connections, ${input.date.slice(0, 10)}` +
    (input.machine.cpuAvailability ? `, a busy loop got ${Math.round(input.machine.cpuAvailability.share * 100)}% of a core` : '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, -apple-system, Segoe UI, sans-serif">
<style>.op{font-size:13px;fill:#111}.val{font-size:12px;fill:#333}.t{font-size:15px;font-weight:600;fill:#111}.s{font-size:11px;fill:#555}</style>
<rect width="100%" height="100%" fill="#fff"/>
<text x="16" y="24" class="t">Requests per second (higher is better), measured side by side in one run</text>
<text x="16" y="42" class="s">${escape(subtitle)}</text>
${parts.join('\n')}
</svg>
`;
}
