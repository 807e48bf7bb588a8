// The Posts panel: every post of the world (GET /scenario), by workspace, state and channel, with what each cost the
// wallet (its ledger entries: charges, and refunds when it was deleted, drafted again or failed). Newest first, a page
// at a time, opening on the page around the clock's now: a busy workspace holds thousands, and the week a person is
// working on sits in the middle of them.
import type { Schemas } from './control.ts';
import { calmRefresh, field, fill, h } from './dom.ts';
import { creditsChange, instant, relative } from './format.ts';
import type { Panel, PanelContext } from './panel.ts';

type Post = Schemas['ScenarioPost'];

/** Rows on a page (a busy world holds thousands of posts); a count says which of how many are shown. */
const ROWS = 100;
const STATES = ['QUEUE', 'PUBLISHED', 'ERROR', 'DRAFT'] as const;
const STATE_LABEL: Record<string, string> = { QUEUE: 'queued', PUBLISHED: 'published', ERROR: 'failed', DRAFT: 'draft' };

export function postsPanel(ctx: PanelContext): Panel {
  const workspace = h('select', {});
  const state = h('select', {}, h('option', { value: '' }, 'any'), ...STATES.map((s) => h('option', { value: s }, STATE_LABEL[s]!)));
  const channel = h('select', {}, h('option', { value: '' }, 'any'));
  const summary = h('p', { class: 'count', role: 'status' });
  const tbody = h('tbody');
  /** The first row shown; undefined: the page around the clock's now, found again on every draw (the clock moves). */
  let offset: number | undefined;
  /** The first row of the page drawn, and the rows matching: where Newer and Older go from. */
  let drawnFrom = 0;
  let matching = 0;
  const go = (to: () => number | undefined) => () => {
    offset = to();
    show();
  };
  const newest = h('button', { type: 'button' }, 'Newest');
  const newer = h('button', { type: 'button' }, 'Newer');
  const aroundNow = h('button', { type: 'button' }, 'Around now');
  const older = h('button', { type: 'button' }, 'Older');
  newest.addEventListener('click', go(() => 0));
  newer.addEventListener('click', go(() => Math.max(0, drawnFrom - ROWS)));
  aroundNow.addEventListener('click', go(() => undefined));
  older.addEventListener('click', go(() => Math.min(Math.max(0, matching - ROWS), drawnFrom + ROWS)));
  const element = h(
    'div',
    { class: 'posts' },
    h('div', { class: 'toolbar' }, field('Workspace', workspace), field('State', state), field('Channel', channel)),
    h('div', { class: 'row', role: 'group', 'aria-label': 'Pages of posts' }, newest, newer, aroundNow, older),
    summary,
    h('div', { class: 'scroll' },
      h('table', { class: 'list', 'aria-label': 'Posts, newest first' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'When (UTC)'), h('th', { scope: 'col' }, 'State'), h('th', { scope: 'col' }, 'Channel'), h('th', { scope: 'col' }, 'Post'), h('th', { scope: 'col', class: 'num' }, 'Wallet'))),
        tbody,
      ),
    ),
  );

  function fillSelect(select: HTMLSelectElement, options: Array<[value: string, label: string]>, value = select.value): void {
    fill(select, ...options.map(([v, label]) => h('option', { value: v }, label)));
    select.value = options.some(([v]) => v === value) ? value : (options[0]?.[0] ?? '');
  }

  function show(): void {
    const world = ctx.store.scenario;
    if (!world) return void fill(tbody, h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'Reading the world…')));
    // First shown: the workspace with the most posts.
    const busiest = [...world.workspaces].sort((a, b) => b.posts.length - a.posts.length)[0]?.id;
    fillSelect(workspace, world.workspaces.map((w) => [w.id, `${w.name} (${w.id})`]), workspace.value || busiest);
    const ws = world.workspaces.find((w) => w.id === workspace.value);
    if (!ws) return void fill(tbody);
    fillSelect(channel, [['', 'any'], ...ws.channels.map((c): [string, string] => [c.id, `${c.name} (${c.identifier})`])]);
    // What each post cost: the ledger entries that name it (charges are negative, refunds give back).
    const cost = new Map<string, number>();
    for (const t of ws.wallet.ledger) if (t.reference) cost.set(t.reference, (cost.get(t.reference) ?? 0) + t.cents);
    const channels = new Map(ws.channels.map((c) => [c.id, c]));
    const counts = new Map<string, number>();
    for (const p of ws.posts) counts.set(p.state, (counts.get(p.state) ?? 0) + 1);
    const shown: Post[] = ws.posts.filter((p) => (!state.value || p.state === state.value) && (!channel.value || p.channelId === channel.value));
    const when = (p: Post) => p.publishedAt ?? p.publishAt;
    // Newest first; a thread's items in their order.
    shown.sort((a, b) => when(b) - when(a) || a.index - b.index);
    const now = ctx.store.now();
    // Where the clock's now falls: the first post not after it.
    let nowAt = shown.findIndex((p) => when(p) <= now);
    if (nowAt < 0) nowAt = shown.length;
    matching = shown.length;
    const last = Math.max(0, shown.length - ROWS);
    const from = Math.min(last, offset ?? Math.max(0, nowAt - ROWS / 2));
    const to = Math.min(shown.length, from + ROWS);
    drawnFrom = from;
    const ids = new Set(ws.posts.map((p) => p.id));
    const total = [...cost.entries()].filter(([id]) => ids.has(id)).reduce((n, [, c]) => n + c, 0);
    const n = (x: number) => x.toLocaleString('en');
    summary.textContent = `${n(ws.posts.length)} posts: ${STATES.map((s) => `${counts.get(s) ?? 0} ${STATE_LABEL[s]}`).join(', ')}; posts cost the wallet ${creditsChange(total / 100)} credits in all. ${shown.length > ROWS ? `Showing ${n(from + 1)}–${n(to)} of ${n(shown.length)} matching, newest first.` : `${shown.length} matching, newest first.`}`;
    newest.disabled = newer.disabled = from === 0;
    older.disabled = to >= shown.length;
    const nowLine = h('tr', { class: 'now-line' }, h('td', { colspan: 5 }, `Now: ${instant(now).slice(0, 16)} UTC, the mock clock`));
    fill(
      tbody,
      ...shown.slice(from, to).flatMap((p, i) => {
        const c = channels.get(p.channelId);
        const spent = cost.get(p.id);
        const row = h('tr', { 'data-post': p.id },
          h('td', {}, instant(when(p)).slice(0, 16), p.state === 'QUEUE' ? h('span', { class: 'muted' }, ` ${relative(p.publishAt, now)}`) : null),
          h('td', {}, h('span', { class: `state ${p.state.toLowerCase()}` }, STATE_LABEL[p.state] ?? p.state)),
          h('td', {}, c ? `${c.name} (${c.identifier})` : p.channelId),
          h('td', { class: 'excerpt' }, p.index > 0 ? `↳ item ${p.index + 1}: ` : '', p.content.replace(/<[^>]*>/g, '').slice(0, 100), p.error ? h('span', { class: 'muted' }, ` — ${p.error}`) : null),
          h('td', { class: 'num' }, spent === undefined ? '—' : creditsChange(spent / 100)),
        );
        return from + i === nowAt ? [nowLine, row] : [row];
      }),
      ...(to === nowAt && to === shown.length ? [nowLine] : []),
    );
    if (shown.length === 0) fill(tbody, h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'No post matches.')));
  }

  const refresh = calmRefresh(element, show);
  // Another workspace or filter opens on its own page around now.
  for (const select of [workspace, state, channel]) select.addEventListener('change', go(() => undefined));
  return {
    id: 'posts',
    label: 'Posts',
    element,
    shown: refresh,
    update(part) {
      if (part === 'world') refresh();
    },
  };
}
