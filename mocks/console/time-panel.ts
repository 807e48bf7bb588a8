// The Time panel: the mock clock, moved by presets or to an instant, frozen and resumed (POST /clock), and the posts
// that change state next, read from the world (GET /scenario), each with a button that moves the clock to it.
import type { ClockResult } from './control.ts';
import { actionButton, field, fill, h } from './dom.ts';
import { instant, relative } from './format.ts';
import type { Panel, PanelContext } from './panel.ts';

const PRESETS: Array<[label: string, seconds: number]> = [
  ['+1 min', 60],
  ['+15 min', 900],
  ['+1 h', 3600],
  ['+6 h', 21_600],
  ['+1 day', 86_400],
  ['+1 week', 604_800],
];

/** Posts listed as next at most. */
const NEXT = 12;

/** What a clock move ran, in a sentence. */
function moved(r: ClockResult): string {
  const list = (ids: string[]) => (ids.length > 3 ? `${ids.slice(0, 3).join(', ')} and ${ids.length - 3} more` : ids.join(', '));
  const ran = [
    r.published.length ? `published ${r.published.length} (${list(r.published)})` : '',
    r.failed.length ? `failed ${r.failed.length} (${list(r.failed)})` : '',
  ].filter(Boolean);
  return `The clock is at ${instant(r.now)} UTC, ${r.frozen ? 'frozen' : 'running'}${ran.length ? `: ${ran.join('; ')}` : '; nothing fell due'}.`;
}

/** `2026-01-05 10:00`, `2026-01-05T10:00:00Z` or any ISO instant; without a zone, UTC (as the console shows times). */
function parseInstant(text: string): number {
  const t = text.trim().replace(' ', 'T');
  return Date.parse(/(Z|[+-]\d\d:?\d\d)$/i.test(t) ? t : `${t}Z`);
}

export function timePanel(ctx: PanelContext): Panel {
  const now = h('p', { class: 'big-clock', 'aria-live': 'off' });
  const mode = h('p', { class: 'muted' });
  const result = h('p', { role: 'status', class: 'result' });
  const move = (body: Record<string, unknown>) =>
    ctx.act(() => ctx.control.post<ClockResult>('/clock', body), (r) => {
      ctx.store.setClock(r);
      result.textContent = moved(r);
      return moved(r);
    }, ['world']);

  const to = h('input', { type: 'text', spellcheck: 'false', autocomplete: 'off', size: 24, placeholder: '2026-01-06 09:00' });
  const freeze = actionButton('Freeze', () => move({ frozen: !ctx.store.clock?.frozen }));
  const next = h('tbody');

  const element = h(
    'div',
    { class: 'time' },
    h('div', { class: 'cols' },
      h('section', { 'aria-label': 'The mock clock' },
        h('h3', {}, 'The mock clock (UTC)'),
        now,
        mode,
        h('div', { class: 'row', role: 'group', 'aria-label': 'Advance the clock' }, ...PRESETS.map(([label, seconds]) => actionButton(label, () => move({ advanceSeconds: seconds })))),
        h('form', { class: 'row', 'aria-label': 'Move the clock to an instant' }, field('Move to (UTC)', to), h('button', { type: 'submit' }, 'Move the clock')),
        h('div', { class: 'row' }, freeze),
        result,
        h('p', { class: 'hint' }, 'Moving the clock forward publishes what falls due on the way (or fails it on a failing channel) and sends the webhooks, as time would.'),
      ),
      h('section', { 'aria-label': 'Next to change state' },
        h('h3', {}, 'Next to change state'),
        h('table', { class: 'list' }, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Due'), h('th', { scope: 'col' }, 'Workspace'), h('th', { scope: 'col' }, 'Channel'), h('th', { scope: 'col' }, 'Post'), h('th', { scope: 'col' }, h('span', { class: 'sr' }, 'Action')))), next),
      ),
    ),
  );
  /** What the field was last given: while it still holds that (nobody typed in it), it follows the clock. */
  let offered = '';
  (element.querySelector('form') as HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    const at = parseInstant(to.value);
    if (Number.isNaN(at)) return ctx.say(`"${to.value}" is not an instant: write it as 2026-01-06 09:00 (UTC) or in ISO 8601.`);
    // Moved there: the field follows the clock again.
    offered = to.value;
    void move({ now: new Date(at).toISOString() });
  });

  function offerNow(): void {
    if (to.matches(':focus') || (to.value !== '' && to.value !== offered)) return;
    to.value = offered = instant(ctx.store.now()).slice(0, 16);
  }

  function showClock(): void {
    const c = ctx.store.clock;
    if (!c) return;
    offerNow();
    now.textContent = instant(ctx.store.now());
    mode.textContent = c.frozen ? 'Frozen: it moves only when told to.' : 'Running: it moves with real time.';
    freeze.textContent = c.frozen ? 'Resume (run with real time)' : 'Freeze';
  }

  function showNext(): void {
    const world = ctx.store.scenario;
    if (!world) return;
    const clock = ctx.store.now();
    const due = world.workspaces
      .flatMap((ws) => ws.posts.filter((p) => p.state === 'QUEUE').map((p) => ({ ws, p, channel: ws.channels.find((c) => c.id === p.channelId) })))
      .sort((a, b) => a.p.publishAt - b.p.publishAt)
      .slice(0, NEXT);
    if (due.length === 0) {
      fill(next, h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'No post is queued: nothing changes state when the clock moves.')));
      return;
    }
    fill(
      next,
      ...due.map(({ ws, p, channel }) =>
        h('tr', {},
          h('td', {}, instant(p.publishAt), h('br'), h('span', { class: 'muted' }, relative(p.publishAt, clock))),
          h('td', {}, ws.name),
          h('td', {}, channel ? `${channel.name} (${channel.identifier})` : p.channelId, channel?.failing ? h('span', { class: 'status s4' }, 'failing') : null),
          h('td', { class: 'excerpt' }, p.index > 0 ? `thread item ${p.index + 1}: ` : '', p.content.replace(/<[^>]*>/g, '').slice(0, 90)),
          h('td', {}, actionButton('Move here', () => move({ now: new Date(Math.max(p.publishAt, clock)).toISOString() }), { 'aria-label': `Move the clock to ${instant(p.publishAt)}, when ${p.id} is due` })),
        ),
      ),
    );
  }

  const tick = setInterval(showClock, 1000);
  return {
    id: 'time',
    label: 'Time',
    element,
    shown() {
      showClock();
      showNext();
    },
    update(part) {
      if (part === 'clock') showClock();
      if (part === 'world') showNext();
    },
    stop() {
      clearInterval(tick);
    },
  };
}
