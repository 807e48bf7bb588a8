// The console's DOM helpers: elements built from text, never from HTML strings, and updates batched per frame.
import { visible } from '../../spec/visible.ts';

type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

/** Attributes a person reads or hears (a title, a label): their text is shown as `visible` writes it. */
const SHOWN_ATTRIBUTES = /^(?:title|alt|placeholder|aria-.*)$/;

/**
 * An element with attributes and children. Text goes in as text nodes and attributes through setAttribute, so no value
 * from the mock is ever parsed as HTML. `on<event>` keys add listeners (no inline handler attribute is written).
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.slice(2), value);
    // What is read out or shown (a title, a label) is made visible; a value a form sends back stays as it is.
    else el.setAttribute(name, value === true ? '' : SHOWN_ATTRIBUTES.test(name) ? visible(String(value)) : String(value));
  }
  append(el, children);
  return el;
}

/** Text as the console shows it: one rule with the terminal and the reports (spec/visible.ts). */
export { visible };

export function append(el: Element | DocumentFragment, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'object' ? child : visible(String(child)));
  }
}

/** Replace an element's children. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

/** A labelled field: the label names the control, for people and assistive technology alike. */
export function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  const id = control.id || uid('f');
  control.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, hint ? h('span', { class: 'hint' }, hint) : null);
}

let next = 0;
/** An id unique in the page (several consoles may share one). */
export function uid(prefix: string): string {
  return `spw-${prefix}-${++next}`;
}

/**
 * Runs `render` at most once per animation frame however often it is asked: a burst of journal entries becomes one DOM
 * update, with no flicker in between.
 */
export function frameBatcher(render: () => void): () => void {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    const run = () => {
      queued = false;
      render();
    };
    // A hidden tab gets no frames: the work waits for it, and the polls keep the data current meanwhile.
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
    else setTimeout(run, 16);
  };
}

/** A button that says what it is doing while its action runs, and is not pressed twice meanwhile. */
export function actionButton(label: string, action: () => Promise<unknown>, attrs: Attrs = {}): HTMLButtonElement {
  const button = h('button', { type: 'button', ...attrs }, label);
  button.addEventListener('click', async () => {
    if (button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    try {
      await action();
    } finally {
      button.removeAttribute('aria-busy');
    }
  });
  return button;
}

/**
 * Keyboard movement across a group of items (tabs, rows): arrows and Home/End move, one item is in the tab order at a
 * time (a roving tabindex), so Tab leaves the group instead of walking through all of it.
 */
export function roving(container: HTMLElement, selector: string, orientation: 'horizontal' | 'vertical', onMove?: (item: HTMLElement) => void): void {
  const back = orientation === 'horizontal' ? 'ArrowLeft' : 'ArrowUp';
  const forth = orientation === 'horizontal' ? 'ArrowRight' : 'ArrowDown';
  container.addEventListener('keydown', (event) => {
    if (![back, forth, 'Home', 'End'].includes(event.key)) return;
    const items = [...container.querySelectorAll<HTMLElement>(selector)];
    if (items.length === 0) return;
    const at = items.indexOf(event.target as HTMLElement);
    if (at < 0) return;
    event.preventDefault();
    const to = event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : Math.min(items.length - 1, Math.max(0, at + (event.key === forth ? 1 : -1)));
    const item = items[to]!;
    for (const other of items) other.tabIndex = other === item ? 0 : -1;
    item.focus();
    onMove?.(item);
  });
}

/** Copy text to the clipboard; false when the page may not (no secure context, no permission). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Offer text as a file download, made in the page (nothing is fetched for it). */
export function download(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The focused element where `el` lives (its shadow root's, when the console is mounted in one). */
export function focusedIn(el: Node): Element | null {
  const root = el.getRootNode() as Document | ShadowRoot;
  return root.activeElement ?? null;
}

const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]';

/**
 * Rebuild a region's content and keep the keyboard where it was: the control that had focus is found again by its
 * place among the region's controls, so a refresh after an action does not drop focus to the page.
 */
export function refocusing(region: Element, rebuild: () => void): void {
  const active = focusedIn(region);
  const before = active && region.contains(active) ? [...region.querySelectorAll(FOCUSABLE)].indexOf(active) : -1;
  rebuild();
  if (before >= 0) (region.querySelectorAll(FOCUSABLE)[before] as HTMLElement | undefined)?.focus();
}

/** Whether someone is typing in a field of the region (a refresh would take their text away). */
export function typingIn(region: Element): boolean {
  const active = focusedIn(region);
  return Boolean(active && region.contains(active) && ((active.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'submit', 'file'].includes((active as HTMLInputElement).type)) || active.tagName === 'TEXTAREA'));
}

/**
 * A refresh for a region with fields: it waits while someone is editing one (until they send its form or leave the
 * field), and otherwise rebuilds with the keyboard kept in place.
 */
export function calmRefresh(region: HTMLElement, render: () => void): () => void {
  let editing = false;
  let stale = false;
  const run = () => {
    editing = false;
    stale = false;
    refocusing(region, render);
  };
  region.addEventListener('input', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.tagName === 'TEXTAREA' || (target.tagName === 'INPUT' && !['checkbox', 'radio', 'file'].includes(target.type))) editing = true;
  });
  // Capture: the form's own handler, which starts the change, runs after this.
  region.addEventListener('submit', () => (editing = false), true);
  region.addEventListener('focusout', () =>
    setTimeout(() => {
      if (stale && !typingIn(region)) run();
    }, 0),
  );
  return () => {
    if (editing && typingIn(region)) stale = true;
    else run();
  };
}
