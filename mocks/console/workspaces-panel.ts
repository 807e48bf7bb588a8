// The Workspaces panel: each workspace's plan, key (masked, copied on click), channels, wallet balance and newest
// ledger entries; top up, freeze and unfreeze, automatic top-up, plan, and a channel's failing switch, each one call of
// the control API.
import type { Schemas, Workspace } from './control.ts';
import { actionButton, calmRefresh, copyText, field, fill, h, roving } from './dom.ts';
import { credits, creditsChange, instant, mask } from './format.ts';
import type { Panel, PanelContext } from './panel.ts';

type Wallet = Schemas['ControlWallet'];
type ScenarioWorkspace = Schemas['ScenarioWorkspace'];

/** Ledger entries shown, newest first. */
const LEDGER = 8;

function planLabel(ws: Workspace): string {
  if (ws.plan === 'paid') return 'paid plan (the wallet is not charged)';
  return ws.payAsYouGo ? 'free plan, pay-as-you-go' : ws.frozen ? 'free plan, wallet frozen' : 'free plan, never topped up';
}

export function workspacesPanel(ctx: PanelContext): Panel {
  let current: string | undefined;
  /**
   * What the last copy of the shown workspace's key said. It is kept here, not only in its element: the detail is drawn
   * again whenever the world is read again (after any request that writes), which can land while the clipboard answers
   * or just after, and would take the word away.
   */
  let copyNote: { id: string; text: string } | undefined;
  const list = h('div', { class: 'ws-list', role: 'tablist', 'aria-label': 'Workspaces', 'aria-orientation': 'vertical' });
  const detail = h('section', { class: 'ws-detail', role: 'tabpanel', 'aria-live': 'off' });
  const element = h('div', { class: 'workspaces' }, list, detail);
  roving(list, '[role=tab]', 'vertical', (tab) => pick(tab.dataset.ws!));

  const wallet = (id: string) => (path: string, body?: unknown, put = false) =>
    ctx.act(
      () => (put ? ctx.control.put<Wallet>(`/workspaces/${encodeURIComponent(id)}/wallet/${path}`, body) : ctx.control.post<Wallet>(`/workspaces/${encodeURIComponent(id)}/wallet/${path}`, body)),
      (w) => `${nameOf(id)}: balance ${credits(w.balance)} credits${w.frozen ? ', frozen' : ''}${w.payAsYouGo ? ', pay-as-you-go' : ''}.`,
      ['world'],
    );

  const nameOf = (id: string) => ctx.store.workspaces.find((w) => w.id === id)?.name ?? id;

  function pick(id: string): void {
    if (id !== current) copyNote = undefined;
    current = id;
    for (const tab of list.querySelectorAll<HTMLElement>('[role=tab]')) tab.setAttribute('aria-selected', String(tab.dataset.ws === id));
    showDetail();
  }

  function showList(): void {
    const tabs = ctx.store.workspaces.map((ws) =>
      h('button', { type: 'button', role: 'tab', 'data-ws': ws.id, 'aria-selected': String(ws.id === current), tabindex: ws.id === current ? 0 : -1, onclick: () => pick(ws.id) },
        h('strong', {}, ws.name), h('span', { class: 'muted' }, `${ws.id} · ${ws.plan}${ws.payAsYouGo ? ', pay-as-you-go' : ''}${ws.frozen ? ', frozen' : ''}`)),
    );
    fill(list, ...tabs);
    if (!current || !ctx.store.workspaces.some((w) => w.id === current)) {
      current = ctx.store.workspaces[0]?.id;
      const first = tabs[0];
      if (first) {
        first.tabIndex = 0;
        first.setAttribute('aria-selected', 'true');
      }
    }
  }

  function showDetail(): void {
    const ws = ctx.store.workspaces.find((w) => w.id === current);
    const world: ScenarioWorkspace | undefined = ctx.store.scenario?.workspaces.find((w) => w.id === current);
    if (!ws || !world) return void fill(detail, h('p', { class: 'muted' }, 'Reading the workspaces…'));
    const id = ws.id;
    const act = wallet(id);
    const copied = h('span', { role: 'status', class: 'muted', 'data-copy-note': '' }, copyNote?.id === id ? copyNote.text : '');
    const amount = h('input', { type: 'number', min: '0.01', step: '0.01', value: '50', inputmode: 'decimal' });
    const auto = world.wallet.autoTopUp;
    const autoOn = h('input', { type: 'checkbox', checked: auto.enabled });
    const below = h('input', { type: 'number', step: '0.01', min: '0', value: auto.belowCents === null ? '10' : String(auto.belowCents / 100) });
    const autoAmount = h('input', { type: 'number', step: '1', min: '0', value: String(auto.amount ?? 1000) });
    const monthly = h('input', { type: 'number', step: '1', min: '0', value: auto.monthlyLimit === null ? '' : String(auto.monthlyLimit), placeholder: 'no limit' });
    const plan = h('select', {}, h('option', { value: 'free', selected: ws.plan === 'free' }, 'free'), h('option', { value: 'paid', selected: ws.plan === 'paid' }, 'paid'));
    const ledger = [...world.wallet.ledger].sort((a, b) => b.createdAt - a.createdAt).slice(0, LEDGER);

    fill(
      detail,
      h('h3', {}, ws.name, ' ', h('span', { class: 'muted' }, ws.id)),
      h('p', {}, planLabel(ws)),
      h('div', { class: 'row' },
        h('span', {}, 'API key: ', h('code', { 'aria-label': 'API key, masked' }, mask(ws.apiKey))),
        actionButton('Copy key', async () => {
          copyNote = { id, text: (await copyText(ws.apiKey)) ? 'Copied.' : 'The browser refused the clipboard.' };
          // Said in the detail on the page now, which may be a newer drawing than the one clicked.
          const shown = current === id ? detail.querySelector('[data-copy-note]') : null;
          if (shown) shown.textContent = copyNote.text;
        }, { 'aria-label': `Copy the API key of ${ws.name}` }),
        copied,
      ),
      h('div', { class: 'cols' },
        h('section', { 'aria-label': 'Wallet' },
          h('h4', {}, 'Wallet'),
          h('p', { class: 'balance' }, h('span', { 'data-balance': id }, credits(world.wallet.balance / 100)), ' credits', world.wallet.frozen ? h('span', { class: 'status s4' }, 'frozen') : null),
          h('form', { class: 'row', 'aria-label': 'Top up' }, field('Credits', amount), h('button', { type: 'submit' }, 'Top up'),
            ws.frozen ? actionButton('Unfreeze', () => act('unfreeze')) : actionButton('Freeze', () => act('freeze'))),
          h('form', { class: 'row auto', 'aria-label': 'Automatic top-up' },
            field('Automatic top-up', autoOn), field('When below (credits)', below), field('Top up by (cents)', autoAmount), field('Monthly limit (cents)', monthly),
            h('button', { type: 'submit' }, 'Save automatic top-up')),
          h('form', { class: 'row', 'aria-label': 'Plan' }, field('Plan', plan), h('button', { type: 'submit' }, 'Switch plan')),
          h('h4', {}, 'Newest ledger entries'),
          ledger.length === 0
            ? h('p', { class: 'muted' }, 'No entry yet.')
            : h('table', { class: 'list' },
                h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'When'), h('th', { scope: 'col' }, 'Type'), h('th', { scope: 'col', class: 'num' }, 'Credits'), h('th', { scope: 'col' }, 'What'))),
                h('tbody', {}, ...ledger.map((t) => h('tr', {}, h('td', { class: 'when' }, instant(t.createdAt).slice(0, 16)), h('td', {}, t.type), h('td', { class: 'num' }, creditsChange(t.cents / 100)), h('td', {}, t.description ?? '', t.reference ? h('span', { class: 'muted' }, ` ${t.reference}`) : null))))),
        ),
        h('section', { 'aria-label': 'Channels' },
          h('h4', {}, `Channels (${world.channels.length})`),
          h('table', { class: 'list' },
            h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Channel'), h('th', { scope: 'col' }, 'Provider'), h('th', { scope: 'col' }, 'Sends fail'))),
            h('tbody', {}, ...world.channels.map((c) => {
              const fail = h('input', { type: 'checkbox', checked: c.failing, 'aria-label': `Sends on ${c.name} fail` });
              fail.addEventListener('change', () =>
                void ctx.act(() => ctx.control.put<{ fail: boolean }>(`/channels/${encodeURIComponent(c.id)}/failure`, { fail: fail.checked }), (r) => `Sends on ${c.name} ${r.fail ? 'now fail' : 'go out again'}.`, ['world']),
              );
              return h('tr', {}, h('td', {}, c.name, c.disabled ? h('span', { class: 'muted' }, ' (disabled)') : null, h('br'), h('span', { class: 'muted mono' }, c.id)), h('td', {}, c.identifier), h('td', {}, fail));
            })),
          ),
        ),
      ),
    );
    const [topUp, autoForm, planForm] = detail.querySelectorAll('form');
    topUp!.addEventListener('submit', (event) => {
      event.preventDefault();
      void act('top-up', { credits: Number(amount.value) });
    });
    autoForm!.addEventListener('submit', (event) => {
      event.preventDefault();
      const body = autoOn.checked
        ? { enabled: true, belowCredits: Number(below.value), amount: Number(autoAmount.value), monthlyLimit: monthly.value === '' ? null : Number(monthly.value) }
        : { enabled: false };
      void act('auto-top-up', body, true);
    });
    planForm!.addEventListener('submit', (event) => {
      event.preventDefault();
      void ctx.act(() => ctx.control.put<Workspace>(`/workspaces/${encodeURIComponent(id)}/plan`, { plan: plan.value }), (w) => `${w.name} is on the ${w.plan} plan.`, ['world']);
    });
  }

  const refresh = calmRefresh(element, () => {
    showList();
    showDetail();
  });
  return {
    id: 'workspaces',
    label: 'Workspaces',
    element,
    shown: refresh,
    update(part) {
      if (part === 'world') refresh();
    },
  };
}
