// The Posts panel: every post of the world (GET /scenario), by workspace, state and channel, with what each cost the
// wallet (its ledger entries: charges, and refunds when it was deleted, drafted again or failed).
import type { Schemas } from './control.ts';
import { calmRefresh, field, fill, h } from './dom.ts';
import { creditsChange, instant, relative } from './format.ts';
import type { Panel, PanelContext } from './panel.ts';

type Post = Schemas['ScenarioPost'];

/** Rows rendered at most (a busy world holds thousands of posts); a count says how many match. */
const ROWS = 500;
const STATES = ['QUEUE', 'PUBLISHED', 'ERROR', 'DRAFT'] as const;
const STATE_LABEL: Record<string, string> = { QUEUE: 'queued', PUBLISHED: 'published', ERROR: 'failed', DRAFT: 'draft' };

export function postsPanel(ctx: PanelContext): Panel {
  const workspace = h('select', {});
  const state = h('select', {}, h('option', { value: '' }, 'any'), ...STATES.map((s) => h('option', { value: s }, STATE_LABEL[s]!)));
  const channel = h('select', {}, h('option', { value: '' }, 'any'));
  const summary = h('p', { class: 'count', role: 'status' });
  const tbody = h('tbody');
  const element = h(
    'div',
    { class: 'posts' },
    h('div', { class: 'toolbar' }, field('Workspace', workspace), field('State', state), field('Channel', channel)),
    summary,
    h('div', { class: 'scroll' },
      h('table', { class: 'list', 'aria-label': 'Posts, soonest first' },
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
    shown.sort((a, b) => when(a) - when(b) || a.index - b.index);
    const now = ctx.store.now();
    const ids = new Set(ws.posts.map((p) => p.id));
    const total = [...cost.entries()].filter(([id]) => ids.has(id)).reduce((n, [, c]) => n + c, 0);
    summary.textContent = `${ws.posts.length.toLocaleString('en')} posts: ${STATES.map((s) => `${counts.get(s) ?? 0} ${STATE_LABEL[s]}`).join(', ')}; posts cost the wallet ${creditsChange(total / 100)} credits in all. ${shown.length > ROWS ? `Showing the first ${ROWS} of ${shown.length.toLocaleString('en')} matching.` : `${shown.length} matching.`}`;
    fill(
      tbody,
      ...shown.slice(0, ROWS).map((p) => {
        const c = channels.get(p.channelId);
        const spent = cost.get(p.id);
        return h('tr', {},
          h('td', {}, instant(when(p)).slice(0, 16), p.state === 'QUEUE' ? h('span', { class: 'muted' }, ` ${relative(p.publishAt, now)}`) : null),
          h('td', {}, h('span', { class: `state ${p.state.toLowerCase()}` }, STATE_LABEL[p.state] ?? p.state)),
          h('td', {}, c ? `${c.name} (${c.identifier})` : p.channelId),
          h('td', { class: 'excerpt' }, p.index > 0 ? `↳ item ${p.index + 1}: ` : '', p.content.replace(/<[^>]*>/g, '').slice(0, 100), p.error ? h('span', { class: 'muted' }, ` — ${p.error}`) : null),
          h('td', { class: 'num' }, spent === undefined ? '—' : creditsChange(spent / 100)),
        );
      }),
    );
    if (shown.length === 0) fill(tbody, h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'No post matches.')));
  }

  const refresh = calmRefresh(element, show);
  for (const select of [workspace, state, channel]) select.addEventListener('change', show);
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
