// The mock's console: six panels over the control API, mounted into an element's shadow root. The server serves it at
// /_mock/console (mocks/http/console-page.ts); an app on the MSW export mounts it with mock.mountConsole(element).
import { Control, ControlError } from './control.ts';
import { frameBatcher, h, roving, uid } from './dom.ts';
import { instant } from './format.ts';
import { overridesPanel } from './overrides-panel.ts';
import type { Panel, PanelContext, ReadyScenarios } from './panel.ts';
import { postsPanel } from './posts-panel.ts';
import { requestsPanel } from './requests-panel.ts';
import { scenariosPanel } from './scenarios-panel.ts';
import { Store, type Part } from './store.ts';
import { CONSOLE_CSS } from './style.ts';
import { timePanel } from './time-panel.ts';
import { workspacesPanel } from './workspaces-panel.ts';
import type { ConsoleOperation } from '../http/console-data.ts';

export type { ConsoleOperation, ReadyScenarios };

export interface ConsoleOptions {
  /** The mock's origin: its API and control API are there. */
  origin: string;
  /** Where the control API is under the origin (default `/_mock`). */
  controlPath?: string;
  /** How requests go: the page's fetch by default; the MSW export passes its in-page mock. */
  fetch?: (request: Request) => Promise<Response>;
  /** The public operations and their documented statuses (mocks/http/console-data.ts). */
  operations: ConsoleOperation[];
  /** Ready scenarios to offer by name; none when left out. */
  scenarios?: ReadyScenarios;
  /** The panel to open first (`requests`, `time`, `workspaces`, `posts`, `scenarios`, `overrides`). */
  panel?: string;
  /** Told when another panel is opened (the server's page keeps it in the URL's fragment). */
  onPanel?: (id: string) => void;
}

export interface ConsoleHandle {
  /** Stop polling and take the console out of the element. */
  close(): void;
}

/** How often the clock, overrides and faults are read again (the journal has its own, faster, poll). */
const STATUS_MS = 2000;

const NO_SCENARIOS: ReadyScenarios = { list: async () => [], read: async () => undefined };

function adoptStyles(root: ShadowRoot): void {
  // A constructed sheet is not an inline style: a page whose CSP allows no inline style still shows it.
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CONSOLE_CSS);
    root.adoptedStyleSheets = [sheet];
  } else {
    root.append(h('style', {}, CONSOLE_CSS));
  }
}

export function mountConsole(host: HTMLElement, options: ConsoleOptions): ConsoleHandle {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  root.replaceChildren();
  adoptStyles(root);
  const control = new Control({ fetch: options.fetch ?? ((request) => fetch(request)), base: options.origin + (options.controlPath ?? '/_mock') });
  const store = new Store(control);
  /** The panels that show the world itself (posts, ledgers, channels); the others need the workspaces at most. */
  const SHOW_WORLD = new Set(['time', 'workspaces', 'posts']);
  let locked = false;

  const said = h('p', { class: 'said', role: 'status', 'aria-live': 'polite' });
  const alert = h('p', { class: 'alert', role: 'alert' });
  const clock = h('span', { class: 'clock', 'aria-label': 'The mock clock' });
  const badges = h('span', { class: 'badges' });
  const token = h('input', { type: 'password', autocomplete: 'off', spellcheck: 'false', id: uid('token') });
  const lockStatus = h('span', { role: 'status' });
  const lock = h('form', { class: 'lock', hidden: true, 'aria-label': 'Unlock the console' },
    h('label', { for: token.id }, 'Control token'), token, h('button', { type: 'submit' }, 'Unlock'), lockStatus);

  const say = (message: string) => {
    said.textContent = message;
  };
  const refreshPart = (part: Part): Promise<void> =>
    part === 'world' ? store.refreshWorld() : part === 'clock' ? store.refreshClock() : part === 'overrides' ? store.refreshOverrides() : store.refreshFaults();

  const ctx: PanelContext = {
    control,
    store,
    operations: options.operations,
    origin: options.origin,
    scenarios: options.scenarios ?? NO_SCENARIOS,
    say,
    async act(change, said, refresh = [], refused) {
      if (locked) {
        alert.textContent = 'This mock was started with --control-token: type the token in the header first.';
        token.focus();
        return undefined;
      }
      alert.textContent = '';
      try {
        const result = await change();
        say(said(result));
        await Promise.all(refresh.map((part) => refreshPart(part).catch(() => {})));
        return result;
      } catch (err) {
        refused?.(err);
        alert.textContent = err instanceof ControlError ? `Refused (${err.status}): ${err.message}` : String(err);
        return undefined;
      }
    },
  };

  const panels: Panel[] = [requestsPanel(ctx), timePanel(ctx), workspacesPanel(ctx), postsPanel(ctx), scenariosPanel(ctx), overridesPanel(ctx)];
  const tabs = h('nav', { role: 'tablist', 'aria-label': 'Console panels' });
  const main = h('main');
  let current = panels.find((p) => p.id === options.panel) ?? panels[0]!;
  for (const panel of panels) {
    const tabId = uid(`tab-${panel.id}`);
    const panelId = uid(`panel-${panel.id}`);
    const selected = panel === current;
    tabs.append(h('button', { type: 'button', role: 'tab', id: tabId, 'aria-controls': panelId, 'aria-selected': String(selected), tabindex: selected ? 0 : -1, 'data-panel': panel.id, onclick: () => open(panel.id) }, panel.label));
    main.append(h('section', { role: 'tabpanel', id: panelId, 'aria-labelledby': tabId, hidden: !selected, 'data-panel': panel.id, tabindex: '-1' }, panel.element));
  }
  roving(tabs, '[role=tab]', 'horizontal', (tab) => open(tab.dataset.panel!));
  store.wantsWorld = () => SHOW_WORLD.has(current.id);

  function open(id: string): void {
    const panel = panels.find((p) => p.id === id);
    if (!panel) return;
    current = panel;
    for (const tab of tabs.children as HTMLCollectionOf<HTMLElement>) {
      const on = tab.dataset.panel === id;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
    }
    for (const section of main.children as HTMLCollectionOf<HTMLElement>) section.hidden = section.dataset.panel !== id;
    if (store.stale && store.wantsWorld()) void store.refreshWorld().catch(() => {});
    panel.shown?.();
    options.onPanel?.(id);
  }

  const showHeader = frameBatcher(() => {
    const c = store.clock;
    clock.textContent = c ? `${instant(store.now())} UTC · ${c.frozen ? 'frozen' : 'running'}` : '';
    const overrides = store.overrides.length;
    const faults = store.faults?.active.length ?? 0;
    badges.replaceChildren(
      ...(locked ? [h('span', { class: 'badge locked' }, 'locked')] : []),
      h('span', { class: `badge${overrides ? ' on' : ''}`, title: store.overrides.map((o) => `${o.id} ${o.operationId}`).join('\n') }, `${overrides} override${overrides === 1 ? '' : 's'}`),
      ' ',
      h('span', { class: `badge${faults ? ' on' : ''}`, title: store.faults?.active.join('\n') ?? '' }, `${faults} fault${faults === 1 ? '' : 's'} on`),
    );
  });

  function setLocked(value: boolean): void {
    locked = value;
    lock.hidden = !value;
    // Nothing in the panels can be used while locked: the control API would refuse it anyway.
    main.inert = value;
    showHeader();
  }
  control.onLocked = (value) => {
    if (value && !locked) {
      setLocked(true);
      lockStatus.textContent = control.hasToken ? 'The control API refused that token.' : 'This mock was started with --control-token.';
    }
  };

  lock.addEventListener('submit', async (event) => {
    event.preventDefault();
    control.token = token.value;
    lockStatus.textContent = 'Checking…';
    try {
      await store.refreshClock();
    } catch (err) {
      lockStatus.textContent = err instanceof ControlError && err.status === 401 ? 'That is not the control token.' : (err as Error).message;
      return;
    }
    // Kept in this page's memory only: no cookie, no storage, nothing in the URL; a reload asks again.
    token.value = '';
    lockStatus.textContent = '';
    setLocked(false);
    await refreshAll();
  });

  store.on((part) => {
    showHeader();
    // Hidden panels are drawn when opened; the Requests panel's filters follow the workspaces always.
    for (const panel of panels) if (panel === current || panel.id === 'requests') panel.update?.(part);
  });

  async function refreshAll(): Promise<void> {
    await Promise.all([store.refreshWorld(), store.refreshOverrides(), store.refreshFaults()]).catch(() => {});
    current.shown?.();
  }

  let statusTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const statusPoll = async () => {
    if (!locked) await Promise.all([store.refreshClock(), store.refreshOverrides(), store.refreshFaults()]).catch(() => {});
    if (!closed) statusTimer = setTimeout(statusPoll, STATUS_MS);
  };
  const ticking = setInterval(showHeader, 1000);

  root.append(
    h('div', { class: 'console' },
      h('header', {}, h('h1', {}, 'Mock console'), clock, badges, lock, said, alert),
      tabs,
      main,
    ),
  );
  void refreshAll().then(() => {
    statusTimer = setTimeout(statusPoll, STATUS_MS);
  });

  return {
    close() {
      closed = true;
      clearTimeout(statusTimer);
      clearInterval(ticking);
      for (const panel of panels) panel.stop?.();
      store.stop();
      root.replaceChildren();
    },
  };
}
