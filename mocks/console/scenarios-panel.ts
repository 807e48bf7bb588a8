// The Scenarios panel: save the world to a file (GET /scenario, downloaded from the page), load one from a file or a
// ready one by name (PUT /scenario), and reset (POST /reset).
import type { Scenario } from './control.ts';
import { ControlError } from './control.ts';
import { actionButton, download, field, fill, h } from './dom.ts';
import type { Panel, PanelContext } from './panel.ts';

type Loaded = { ok: true; workspaces: number };

/** `mock-world-2026-01-05T09-00.json`: the mock clock's instant, in a name every file system takes. */
function fileName(scenario: Scenario): string {
  return `mock-world-${scenario.clock.now.slice(0, 16).replace(/:/g, '-')}.json`;
}

export function scenariosPanel(ctx: PanelContext): Panel {
  const outcome = h('div', { class: 'outcome', role: 'status' });
  const file = h('input', { type: 'file', accept: 'application/json,.json' });
  const ready = h('ul', { class: 'ready' }, h('li', { class: 'muted' }, 'Reading the ready scenarios…'));
  let confirmReset: ReturnType<typeof setTimeout> | undefined;

  const load = async (doc: unknown, from: string) => {
    fill(outcome);
    const done = await ctx.act(
      () => ctx.control.put<Loaded>('/scenario', doc),
      (r) => `Loaded ${from}: the world now has ${r.workspaces} workspaces.`,
      ['world', 'clock'],
      (err) => fill(outcome, h('p', { class: 'error' }, `${from} was not loaded; the world is as it was:`), h('ul', { class: 'problems' }, ...problemLines(err).map((line) => h('li', {}, line)))),
    );
    if (done) fill(outcome, h('p', {}, `Loaded ${from}: the world now has ${done.workspaces} workspaces.`));
  };

  const save = actionButton('Save the world to a file', async () => {
    const scenario = await ctx.act(() => ctx.control.get<Scenario>('/scenario'), (s) => `Saved the world at ${s.clock.now} (${s.workspaces.length} workspaces).`);
    if (!scenario) return;
    const text = `${JSON.stringify(scenario, null, 2)}\n`;
    download(fileName(scenario), text);
    fill(outcome, h('p', {}, `Saved ${fileName(scenario)} (${Math.round(text.length / 1024).toLocaleString('en')} KiB): load it here, or start a mock from it with spw mock --scenario <file>.`));
  });

  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    let doc: unknown;
    try {
      doc = JSON.parse(await chosen.text());
    } catch (err) {
      fill(outcome, h('p', { class: 'error' }, `${chosen.name} is not JSON: ${(err as Error).message}`));
      return;
    }
    await load(doc, chosen.name);
    file.value = '';
  });

  const reset = h('button', { type: 'button', class: 'danger' }, 'Reset the world');
  reset.addEventListener('click', async () => {
    // A second press within five seconds confirms: no modal dialog, and no reset by one stray click.
    if (!confirmReset) {
      reset.textContent = 'Press again to reset';
      confirmReset = setTimeout(() => {
        confirmReset = undefined;
        reset.textContent = 'Reset the world';
      }, 5000);
      return;
    }
    clearTimeout(confirmReset);
    confirmReset = undefined;
    reset.textContent = 'Reset the world';
    await ctx.act(() => ctx.control.post('/reset'), () => 'The world is back to how the mock started.', ['world', 'clock', 'overrides', 'faults']);
  });

  const element = h(
    'div',
    { class: 'scenarios cols' },
    h('section', { 'aria-label': 'Save and load' },
      h('h3', {}, 'Save and load'),
      h('p', {}, 'A scenario is the whole world as one JSON document: workspaces, channels, posts, wallets and their ledgers, media metadata, the clock.'),
      h('div', { class: 'row' }, save),
      h('div', { class: 'row' }, field('Load a scenario file', file, 'It replaces the world, all or nothing: a document that breaks a rule is refused with each problem named.')),
      h('div', { class: 'row' }, reset, h('span', { class: 'hint' }, 'Back to the world the mock started from (its --scenario, else the seeded fixtures); the journal, overrides and faults too.')),
      outcome,
    ),
    h('section', { 'aria-label': 'Ready scenarios' }, h('h3', {}, 'Ready scenarios'), ready),
  );

  async function showReady(): Promise<void> {
    let list: Array<{ name: string; description: string }>;
    try {
      list = await ctx.scenarios.list((url) => ctx.control.raw(url));
    } catch (err) {
      fill(ready, h('li', { class: 'error' }, err instanceof ControlError ? err.message : String(err)));
      return;
    }
    if (list.length === 0) return void fill(ready, h('li', { class: 'muted' }, 'None here: load one from a file.'));
    fill(
      ready,
      ...list.map((s) =>
        h('li', {},
          actionButton(`Load ${s.name}`, async () => {
            let doc: unknown;
            try {
              doc = await ctx.scenarios.read(s.name, (url) => ctx.control.raw(url));
            } catch (err) {
              fill(outcome, h('p', { class: 'error' }, (err as Error).message));
              return;
            }
            await load(doc, s.name);
          }),
          h('p', { class: 'hint' }, s.description),
        ),
      ),
    );
  }

  let listed = false;
  return {
    id: 'scenarios',
    label: 'Scenarios',
    element,
    shown() {
      if (listed) return;
      listed = true;
      void showReady().catch(() => (listed = false));
    },
  };
}

/** A 400 of PUT /scenario lists one `path: rule` per problem: shown as lines. */
export function problemLines(err: unknown): string[] {
  return err instanceof ControlError ? err.message.split('\n') : [String(err)];
}
