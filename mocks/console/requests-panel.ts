// The Requests panel: the request journal, live. Polls GET /requests?after=<lastSeq>, keeps what it received, filters
// in the page, and draws only the rows in sight (a virtual list: 10,000 entries are 40 rows in the DOM), through one
// keyed update per frame; a row opens what the app sent, what was answered and what decided it, and the request as curl.
import type { Journal, JournalEntry } from './control.ts';
import { actionButton, copyText, field, fill, frameBatcher, h, refocusing, uid } from './dom.ts';
import { credits, creditsChange, curlOf, instant, timeOfDay } from './format.ts';
import type { Panel, PanelContext } from './panel.ts';

/** Rows drawn beyond each edge of the window, so a scroll shows rows already there. */
const OVERSCAN = 12;
/** Entries the page keeps at most (the journal's own cap is 1,000 by default; raised, the page still stays bounded). */
const KEPT = 20_000;
const POLL_MS = 400;

const WINDOWS: Array<[label: string, ms: number]> = [
  ['any time', 0],
  ['last minute', 60_000],
  ['last 5 minutes', 300_000],
  ['last 15 minutes', 900_000],
  ['last hour', 3_600_000],
];

interface Filters {
  operation: string;
  status: string;
  workspace: string;
  windowMs: number;
}

function matches(e: JournalEntry, f: Filters, now: number): boolean {
  if (f.operation && !e.operationId.toLowerCase().includes(f.operation.toLowerCase())) return false;
  if (f.workspace === '-' ? e.workspaceId !== null : f.workspace && e.workspaceId !== f.workspace) return false;
  if (f.status) {
    const s = f.status.trim().toLowerCase();
    if (/^[0-5]xx$/.test(s) ? Math.floor(e.status / 100) !== Number(s[0]) : String(e.status) !== s) return false;
  }
  if (f.windowMs > 0 && now - Date.parse(e.receivedAt) > f.windowMs) return false;
  return true;
}

const REASONS: Record<number, string> = {
  0: 'connection dropped', 200: 'OK', 201: 'Created', 204: 'No Content', 400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required',
  403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 429: 'Too Many Requests',
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
};

function statusClass(status: number): string {
  return status === 0 || status >= 500 ? 's5' : status >= 400 ? 's4' : 's2';
}

export function requestsPanel(ctx: PanelContext): Panel {
  const kept: JournalEntry[] = [];
  let matching: JournalEntry[] = [];
  let lastSeq = 0;
  let forgotten = 0;
  /** Whether the mock keeps bodies (`--journal-bodies`): a body not shown is then one it does not keep (an upload). */
  let bodiesKept = false;
  let live = true;
  let selected: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const filters: Filters = { operation: '', status: '', workspace: '', windowMs: 0 };
  const bySeq = new Map<number, JournalEntry>();
  const rowOf = new Map<number, HTMLTableRowElement>();

  // Filters.
  const listId = uid('ops');
  const operation = h('input', { type: 'search', list: listId, placeholder: 'e.g. createPosts', autocomplete: 'off', spellcheck: 'false' });
  const datalist = h('datalist', { id: listId }, ...ctx.operations.map((o) => h('option', { value: o.operationId })));
  const status = h('input', { type: 'search', placeholder: '402 or 4xx', size: 8, autocomplete: 'off', pattern: '[0-5]([0-9]{2}|xx)' });
  const workspace = h('select', {}, h('option', { value: '' }, 'any'));
  const when = h('select', {}, ...WINDOWS.map(([label, ms]) => h('option', { value: ms }, label)));
  const pause = h('button', { type: 'button', 'aria-pressed': 'false' }, 'Pause');
  const clear = actionButton('Clear the journal', () =>
    ctx.act(() => ctx.control.delete<{ cleared: number }>('/requests'), (r) => `The journal forgot ${r.cleared} requests.`).then(() => {
      kept.length = 0;
      bySeq.clear();
      refilter();
    }),
  );
  const count = h('p', { class: 'count', role: 'status', 'aria-live': 'polite' });

  const tbody = h('tbody');
  // Spacers stand for the rows above and below the window: only the rows in sight (and a few more) are in the DOM.
  const above = h('td', { colspan: 7 });
  const below = h('td', { colspan: 7 });
  const aboveRow = h('tr', { class: 'spacer', 'aria-hidden': 'true' }, above);
  const belowRow = h('tr', { class: 'spacer', 'aria-hidden': 'true' }, below);
  tbody.append(aboveRow, belowRow);
  const table = h(
    'table',
    { class: 'journal', 'aria-label': 'Requests, newest first', 'aria-rowcount': 1 },
    // Fixed widths: the rows lay out alone, never the whole table again from their contents.
    h('colgroup', {}, ...['3.5em', '8.5em', '34%', '5.5em', '22%', '16%', '14%'].map((width) => {
      const col = h('col');
      // Through the CSSOM: the page's CSP allows no style attribute.
      col.style.width = width;
      return col;
    })),
    h('thead', {}, h('tr', { 'aria-rowindex': 1 }, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, 'Received'), h('th', { scope: 'col' }, 'Request'), h('th', { scope: 'col' }, 'Status'), h('th', { scope: 'col' }, 'Operation'), h('th', { scope: 'col' }, 'Workspace'), h('th', { scope: 'col' }, 'Notes'))),
    tbody,
  );
  const scroller = h('div', { class: 'scroll' }, table);
  const details = h('section', { class: 'details', 'aria-label': 'The selected request', tabindex: '-1' }, h('p', { class: 'muted' }, 'Select a request to see what was sent, what was answered and why.'));

  const element = h(
    'div',
    { class: 'requests' },
    h('div', { class: 'toolbar' }, field('Operation', operation), datalist, field('Status', status), field('Workspace', workspace), field('Received', when), pause, clear),
    count,
    h('div', { class: 'split' }, scroller, details),
  );

  /** A row's height, measured on the first row drawn (every row is one line). */
  let rowHeight = 0;
  /** Rows that arrived above the window since the last frame: the view moves down by as much, so what is read stays put. */
  let arrivedAbove = 0;

  /** The entry at a place of the view (newest first). */
  const at = (index: number) => matching[matching.length - 1 - index];

  /** Draw the rows in sight, keyed by their number: a row already drawn is kept, moved if need be, never rebuilt. */
  function draw(): void {
    const total = matching.length;
    const height = rowHeight || 26;
    // Where the view will be: as far down as the rows that arrived above push what is read (at the top, it shows them).
    const top = scroller.scrollTop > 0 && rowHeight > 0 ? scroller.scrollTop + arrivedAbove * rowHeight : scroller.scrollTop;
    arrivedAbove = 0;
    const sight = scroller.clientHeight || 600;
    const first = Math.max(0, Math.floor(top / height) - OVERSCAN);
    const last = Math.min(total, Math.ceil((top + sight) / height) + OVERSCAN);
    const wanted = new Set<number>();
    let before: Element = belowRow;
    for (let i = last - 1; i >= first; i--) {
      const e = at(i)!;
      wanted.add(e.seq);
      let row = rowOf.get(e.seq);
      if (!row) rowOf.set(e.seq, (row = rowFor(e)));
      row.setAttribute('aria-rowindex', String(i + 2));
      if (row.nextElementSibling !== before) tbody.insertBefore(row, before);
      before = row;
    }
    for (const [seq, row] of rowOf) {
      if (!wanted.has(seq)) {
        row.remove();
        rowOf.delete(seq);
      }
    }
    above.style.height = `${first * height}px`;
    below.style.height = `${(total - last) * height}px`;
    aboveRow.hidden = first === 0;
    belowRow.hidden = last === total;
    // Once the list is as tall as it will be, or the browser would cut the move short.
    if (scroller.scrollTop !== top) scroller.scrollTop = top;
    table.setAttribute('aria-rowcount', String(total + 1));
    if (!rowHeight) rowHeight = (aboveRow.nextElementSibling as HTMLElement | null)?.getBoundingClientRect().height || 0;
    // One row is in the tab order: the selected one when drawn, else the newest drawn.
    const focusable = (selected !== undefined && rowOf.get(selected)) || (aboveRow.nextElementSibling !== belowRow ? (aboveRow.nextElementSibling as HTMLTableRowElement) : undefined);
    for (const row of rowOf.values()) row.tabIndex = row === focusable ? 0 : -1;
    count.textContent = `${total.toLocaleString('en')} matching of ${kept.length.toLocaleString('en')} received${forgotten ? ` (the journal forgot ${forgotten.toLocaleString('en')} older ones: its cap is caps.journal)` : ''}${live ? '' : ' · paused'}`;
  }
  const render = frameBatcher(draw);
  scroller.addEventListener('scroll', render, { passive: true });

  /** Bring a place of the view into sight and draw it now (the keyboard moved there). */
  function reveal(index: number): void {
    const height = rowHeight || 26;
    const head = table.tHead?.getBoundingClientRect().height ?? 0;
    const top = index * height;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (top + height + head > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = top + height + head - scroller.clientHeight;
    draw();
  }

  function rowFor(e: JournalEntry): HTMLTableRowElement {
    const notes: string[] = [];
    if (e.override) notes.push(e.override.by === 'prefer' ? 'Prefer' : 'override');
    // An answer an override gave is the document's example, not a verdict of the wallet.
    if (e.answer?.wallet && !e.override) notes.push('wallet refused');
    if (e.wallet) notes.push(creditsChange(e.wallet.credits));
    if (e.latencyMs) notes.push(`+${e.latencyMs} ms`);
    const row = h(
      'tr',
      { 'data-seq': e.seq, 'aria-selected': String(e.seq === selected) },
      h('td', { class: 'num' }, e.seq),
      h('td', { class: 'mono' }, timeOfDay(e.receivedAt)),
      h('td', { class: 'req' }, h('span', { class: 'method' }, e.method), ' ', e.path),
      h('td', {}, h('span', { class: `status ${statusClass(e.status)}` }, e.status === 0 ? 'dropped' : e.status)),
      h('td', {}, e.operationId),
      h('td', {}, e.workspaceId ?? '—'),
      h('td', { class: 'notes' }, notes.join(' · ')),
    );
    return row;
  }

  function refilter(): void {
    const now = Date.now();
    matching = kept.filter((e) => matches(e, filters, now));
    render();
  }

  function select(seq: number | undefined, focus = false): void {
    if (selected !== undefined) rowOf.get(selected)?.setAttribute('aria-selected', 'false');
    selected = seq;
    const row = seq === undefined ? undefined : rowOf.get(seq);
    row?.setAttribute('aria-selected', 'true');
    if (row) {
      for (const r of rowOf.values()) r.tabIndex = r === row ? 0 : -1;
      if (focus) row.focus();
    }
    showDetails(seq === undefined ? undefined : bySeq.get(seq));
  }

  /** The place in the view (newest first) of an entry, or -1. */
  function placeOf(seq: number): number {
    for (let i = matching.length - 1; i >= 0; i--) if (matching[i]!.seq === seq) return matching.length - 1 - i;
    return -1;
  }

  /** The workspace the details name (its name and key, read from the workspaces): drawn again when it changes. */
  let detailsFor = '';
  /** What the last copy of the selected request said: the details are drawn again when its workspace becomes known. */
  let copyNote: { seq: number; text: string } | undefined;

  function showDetails(e: JournalEntry | undefined): void {
    const ws = e && ctx.store.workspaces.find((w) => w.id === e.workspaceId);
    detailsFor = `${e?.seq}:${ws?.name}:${ws?.apiKey}`;
    if (!e) {
      fill(details, h('p', { class: 'muted' }, 'Select a request to see what was sent, what was answered and why.'));
      return;
    }
    const op = ctx.operations.find((o) => o.operationId === e.operationId);
    const curl = curlOf(e, ctx.origin, ws?.apiKey, op);
    const curlWithKey = curlOf(e, ctx.origin, ws?.apiKey, op, { showKey: true });
    const decided: Node[] = [];
    if (e.override) {
      const o = e.override;
      const how = o.error === 'network' ? 'dropped the connection' : o.status !== undefined ? `answered ${o.status}${o.example ? ` (example ${o.example})` : ''} without running the operation` : o.refused ? `was refused: ${o.refused}` : 'held the answer';
      decided.push(h('li', {}, o.by === 'prefer' ? 'The request\u2019s own Prefer header ' : `Override ${o.id ?? ''} of the control API `, how, o.delayMs ? `, after ${o.delayMs} ms` : '', '.'));
    }
    if (e.answer) {
      // A body an override gave is the document's example (or a server error's): it says nothing of the world.
      const lead = e.override?.status !== undefined ? 'Its body: ' : e.answer.wallet ? 'The wallet refused: it did not cover the action. ' : 'Refused: ';
      decided.push(h('li', {}, lead, h('q', { class: 'message' }, e.answer.message), e.answer.channel ? ` (channel ${e.answer.channel})` : ''));
    }
    if (e.wallet) {
      decided.push(
        h('li', {}, `The wallet moved by ${creditsChange(e.wallet.credits)} credits, to a balance of ${credits(e.wallet.balance)}:`,
          h('ul', {}, ...e.wallet.entries.map((t) => h('li', {}, `${t.type} ${creditsChange(t.credits)}`, t.description ? ` · ${t.description}` : '', t.reference ? ` · ${t.reference}` : '')))),
      );
    }
    if (decided.length === 0) decided.push(h('li', {}, e.status < 400 ? 'The operation answered; nothing was charged.' : 'The mock answered this status; the journal has no more to say.'));
    const copied = h('span', { role: 'status', class: 'muted', 'data-copy-note': '' }, copyNote?.seq === e.seq ? copyNote.text : '');
    fill(
      details,
      h('h3', {}, `${e.method} ${e.path} → ${e.status === 0 ? 'dropped' : `${e.status} ${REASONS[e.status] ?? ''}`}`),
      h('dl', {},
        h('dt', {}, 'Operation'), h('dd', {}, e.operationId, op ? ` (${op.method} ${op.path})` : ''),
        h('dt', {}, 'Workspace'), h('dd', {}, ws ? `${ws.name} (${ws.id})` : (e.workspaceId ?? 'none: no valid key')),
        h('dt', {}, 'Mock time'), h('dd', {}, `${instant(e.at)} UTC`),
        h('dt', {}, 'Received'), h('dd', {}, `${instant(e.receivedAt)} UTC (real time), #${e.seq}`),
        h('dt', {}, 'Latency added'), h('dd', {}, `${e.latencyMs} ms`),
        e.query ? h('dt', {}, 'Query') : null, e.query ? h('dd', {}, h('code', {}, new URLSearchParams(e.query).toString())) : null,
      ),
      h('h4', {}, 'What decided the answer'),
      h('ul', { class: 'decided' }, ...decided),
      h('h4', {}, 'Request body'),
      e.body !== undefined
        ? h('pre', { class: 'json' }, JSON.stringify(e.body, null, 2))
        : e.bodyText !== undefined
          ? h('pre', { class: 'json' }, `${e.bodyText}…`)
          : h('p', { class: 'muted' }, !e.bodyBytes ? 'None.' : bodiesKept ? `${e.bodyBytes} bytes, not kept: the journal keeps JSON bodies only.` : `${e.bodyBytes} bytes, not kept: start the mock with --journal-bodies to see bodies.`),
      h('div', { class: 'row' }, ...([['Copy as curl', curl], ['Copy with the key', curlWithKey]] as const).map(([label, line]) => actionButton(label, async () => {
        copyNote = { seq: e.seq, text: (await copyText(line)) ? 'Copied.' : 'The browser refused the clipboard: select the line below.' };
        const shown = selected === e.seq ? details.querySelector('[data-copy-note]') : null;
        if (shown) shown.textContent = copyNote.text;
      })), copied),
      h('pre', { class: 'curl', tabindex: '0', 'aria-label': 'The request as curl' }, curl),
    );
  }

  tbody.addEventListener('click', (event) => {
    const row = (event.target as Element).closest('tr');
    if (row?.dataset.seq) select(Number(row.dataset.seq));
  });
  tbody.addEventListener('keydown', (event) => {
    const row = (event.target as Element).closest('tr');
    if (!row?.dataset.seq) return;
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10, Home: -Infinity, End: Infinity };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      select(Number(row.dataset.seq));
    } else if (event.key in moves) {
      event.preventDefault();
      const to = Math.min(matching.length - 1, Math.max(0, placeOf(Number(row.dataset.seq)) + moves[event.key]!));
      reveal(to);
      select(at(to)!.seq, true);
    }
  });

  /** Other filters: another list, seen from its newest. */
  const filtered = () => {
    arrivedAbove = 0;
    scroller.scrollTop = 0;
    refilter();
  };
  operation.addEventListener('input', () => ((filters.operation = operation.value.trim()), filtered()));
  status.addEventListener('input', () => ((filters.status = status.value.trim()), filtered()));
  workspace.addEventListener('change', () => ((filters.workspace = workspace.value), filtered()));
  when.addEventListener('change', () => ((filters.windowMs = Number(when.value)), filtered()));
  pause.addEventListener('click', () => {
    live = !live;
    pause.setAttribute('aria-pressed', String(!live));
    pause.textContent = live ? 'Pause' : 'Resume';
    if (live) refilter();
    else render();
  });

  /** Take a poll's entries; false when the mock was reset since the last one, and the journal must be read from its start. */
  function take(journal: Journal): boolean {
    if (journal.lastSeq < lastSeq) {
      // Its numbering started again: what was kept belonged to the world before, and the new entries are all wanted.
      kept.length = 0;
      matching = [];
      bySeq.clear();
      lastSeq = 0;
      if (selected !== undefined) select(undefined);
      render();
      return false;
    }
    lastSeq = journal.lastSeq;
    forgotten = journal.forgotten;
    bodiesKept = journal.bodies;
    let world = false;
    let overrides = false;
    const now = Date.now();
    for (const e of journal.entries) {
      if (bySeq.has(e.seq)) continue;
      kept.push(e);
      bySeq.set(e.seq, e);
      if (e.method !== 'GET' || e.wallet) world = true;
      if (e.override?.by === 'control') overrides = true;
      if (live && matches(e, filters, now)) {
        matching.push(e);
        arrivedAbove++;
      }
    }
    if (kept.length > KEPT) for (const old of kept.splice(0, kept.length - KEPT)) bySeq.delete(old.seq);
    if (world) ctx.store.worldChanged();
    if (overrides) ctx.store.refreshOverrides().catch(() => {});
    // A time window moves with the clock; a cut made room: filter the whole again (a few ms for 20,000 entries).
    if (live && (filters.windowMs > 0 || (matching[0] && !bySeq.has(matching[0].seq)))) refilter();
    else render();
    return true;
  }

  async function poll(): Promise<void> {
    if (stopped) return;
    try {
      if (!take(await ctx.control.get<Journal>('/requests', { after: lastSeq }))) take(await ctx.control.get<Journal>('/requests', { after: 0 }));
    } catch {
      // Locked, or the mock went away: the console's header says so; polling goes on and picks up when it answers.
    }
    if (!stopped) timer = setTimeout(poll, POLL_MS);
  }

  function fillWorkspaces(): void {
    const value = workspace.value;
    fill(workspace, h('option', { value: '' }, 'any'), h('option', { value: '-' }, 'none (no valid key)'), ...ctx.store.workspaces.map((w) => h('option', { value: w.id }, `${w.name} (${w.id})`)));
    workspace.value = value;
  }

  void poll();
  return {
    id: 'requests',
    label: 'Requests',
    element,
    update(part) {
      if (part !== 'world') return;
      fillWorkspaces();
      // A workspace made since the request was selected: its name and key (for the curl line) are known now.
      const e = selected === undefined ? undefined : bySeq.get(selected);
      const ws = e && ctx.store.workspaces.find((w) => w.id === e.workspaceId);
      if (e && `${e.seq}:${ws?.name}:${ws?.apiKey}` !== detailsFor) refocusing(details, () => showDetails(e));
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
