// The Overrides & faults panel: make an operation answer a documented status, drop the connection or wait, for the
// next N calls or until cleared (POST/DELETE /overrides); switch the catalogue's faults on and off (PUT /faults); the
// simulated latency (PUT /latency). What is in force is listed here and counted in the console's header.
import type { Faults, Override, Schemas } from './control.ts';
import { actionButton, calmRefresh, field, fill, h } from './dom.ts';
import type { Panel, PanelContext } from './panel.ts';
import { SERVER_ERRORS } from '../http/server-errors.ts';

type Latency = Schemas['Latency'];

function answerOf(o: Override): string {
  const parts = [o.error === 'network' ? 'drops the connection' : o.status !== undefined ? `answers ${o.status}${o.example ? ` (${o.example})` : ''}` : 'the real answer'];
  if (o.delayMs) parts.push(`after ${o.delayMs} ms`);
  return parts.join(', ');
}

export function overridesPanel(ctx: PanelContext): Panel {
  const ops = ctx.operations;
  const operation = h('select', {}, ...ops.map((o) => h('option', { value: o.operationId }, `${o.operationId} — ${o.method} ${o.path}`)));
  const answer = h('select', {});
  const delay = h('input', { type: 'number', min: '0', max: '60000', step: '100', placeholder: 'none', inputmode: 'numeric' });
  const times = h('input', { type: 'number', min: '1', step: '1', value: '1', placeholder: 'until cleared', inputmode: 'numeric' });
  const active = h('tbody');
  const faultsActive = h('p', { class: 'count', role: 'status' });
  const search = h('input', { type: 'search', placeholder: 'wallet, 402, media…', autocomplete: 'off' });
  const catalogue = h('div', { class: 'faults' });
  const latency = h('input', { type: 'text', spellcheck: 'false', autocomplete: 'off', placeholder: 'off, 200, 100-800 or createPosts=1500,100' });

  function fillAnswers(): void {
    const op = ops.find((o) => o.operationId === operation.value);
    fill(
      answer,
      ...(op?.statuses ?? []).map((s) => h('option', { value: String(s) }, `${s}, the document's example`)),
      ...SERVER_ERRORS.filter((s) => !op?.statuses.includes(s)).map((s) => h('option', { value: String(s) }, `${s}, a server error (Error shape)`)),
      h('option', { value: 'network' }, 'a dropped connection (fetch rejects)'),
      h('option', { value: 'delay' }, 'the real answer, delayed'),
    );
    // The first documented error is what a UI most often needs to see.
    const firstError = op?.statuses.find((s) => s >= 400);
    if (firstError) answer.value = String(firstError);
  }
  operation.addEventListener('change', fillAnswers);
  operation.value = ops.find((o) => o.operationId === 'createPosts')?.operationId ?? ops[0]?.operationId ?? '';
  fillAnswers();

  const form = h('form', { class: 'row override-form', 'aria-label': 'Set an override' },
    field('Operation', operation), field('Answer', answer), field('Delay (ms)', delay), field('For the next calls', times, 'empty: until cleared'),
    h('button', { type: 'submit' }, 'Set the override'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body: Record<string, unknown> = { operationId: operation.value };
    if (answer.value === 'network') body.error = 'network';
    else if (answer.value !== 'delay') body.status = Number(answer.value);
    if (delay.value !== '') body.delayMs = Number(delay.value);
    if (times.value !== '') body.times = Number(times.value);
    if (answer.value === 'delay' && body.delayMs === undefined) return ctx.say('A delayed real answer needs a delay: type how many milliseconds.');
    void ctx.act(() => ctx.control.post<Override>('/overrides', body), (o) => `Override ${o.id}: ${o.operationId} ${answerOf(o)}${o.times === null ? ' until cleared' : ` for the next ${o.times} call${o.times === 1 ? '' : 's'}`}.`, ['overrides']);
  });

  const clearAll = actionButton('Clear every override', () => ctx.act(() => ctx.control.delete<{ cleared: number }>('/overrides'), (r) => `Cleared ${r.cleared} overrides: every operation answers for real.`, ['overrides']));

  const latencyForm = h('form', { class: 'row', 'aria-label': 'Latency' }, field('Latency of the public API', latency), h('button', { type: 'submit' }, 'Set the latency'));
  latencyForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void ctx.act(() => ctx.control.put<Latency>('/latency', { latency: latency.value.trim() || 'off' }), (l) => {
      latency.value = l.latency;
      return `Latency: ${l.latency}.`;
    });
  });

  const element = h(
    'div',
    { class: 'overrides cols' },
    h('section', { 'aria-label': 'Overrides' },
      h('h3', {}, 'Answers on demand'),
      h('p', { class: 'hint' }, 'The next calls of an operation answer a status it documents with its example body, a server error, drop the connection, or wait. The operation does not run, so nothing changes; the journal marks each.'),
      form,
      h('table', { class: 'list', 'aria-label': 'Overrides in force' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Id'), h('th', { scope: 'col' }, 'Operation'), h('th', { scope: 'col' }, 'Answer'), h('th', { scope: 'col' }, 'Calls left'), h('th', { scope: 'col' }, h('span', { class: 'sr' }, 'Action')))),
        active),
      h('div', { class: 'row' }, clearAll),
      h('h3', {}, 'Latency'),
      latencyForm,
    ),
    h('section', { 'aria-label': 'Faults' },
      h('h3', {}, 'Faults'),
      h('p', { class: 'hint' }, 'Realistic departures from the contract, to see an app (or a suite) meet them. Switched on here, they apply from the next request; a reset goes back to those the mock started with.'),
      faultsActive,
      field('Find a fault', search),
      catalogue,
    ),
  );

  function showOverrides(): void {
    const list = ctx.store.overrides;
    if (list.length === 0) return void fill(active, h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'None: every operation answers for real.')));
    fill(
      active,
      ...list.map((o: Override) =>
        h('tr', { 'data-override': o.id },
          h('td', { class: 'mono' }, o.id),
          h('td', {}, o.operationId),
          h('td', {}, answerOf(o)),
          h('td', {}, o.remaining === null ? `until cleared (${o.used} used)` : `${o.remaining} of ${o.times}`),
          h('td', {}, actionButton('Clear', () => ctx.act(() => ctx.control.delete(`/overrides/${encodeURIComponent(o.id)}`), () => `Override ${o.id} cleared.`, ['overrides']), { 'aria-label': `Clear override ${o.id}` })),
        ),
      ),
    );
  }

  function showFaults(): void {
    const faults = ctx.store.faults;
    if (!faults) return;
    const on = new Set(faults.active);
    faultsActive.textContent = on.size === 0 ? 'No fault is on: the mock keeps its contract.' : `On: ${[...on].join(', ')}.`;
    const words = search.value.trim().toLowerCase();
    const areas = new Map<string, Faults['catalogue']>();
    for (const f of faults.catalogue) {
      if (words && !`${f.name} ${f.area} ${f.description}`.toLowerCase().includes(words)) continue;
      areas.set(f.area, [...(areas.get(f.area) ?? []), f]);
    }
    const toggle = (name: string, checked: boolean) => {
      const next = checked ? [...on, name] : [...on].filter((n) => n !== name);
      void ctx.act(() => ctx.control.put<Faults>('/faults', { active: next }), (r) => {
        ctx.store.setFaults(r);
        return `Faults on: ${r.active.length ? r.active.join(', ') : 'none'}.`;
      });
    };
    fill(
      catalogue,
      ...[...areas].map(([area, list]) =>
        h('fieldset', {}, h('legend', {}, area),
          ...list.map((f) => {
            const box = h('input', { type: 'checkbox', checked: on.has(f.name), 'data-fault': f.name });
            box.addEventListener('change', () => toggle(f.name, box.checked));
            return h('label', { class: `fault${on.has(f.name) ? ' on' : ''}` }, box, h('strong', {}, f.name), h('span', {}, f.description));
          })),
      ),
    );
  }
  search.addEventListener('input', showFaults);

  const refresh = calmRefresh(element, () => {
    showOverrides();
    showFaults();
  });
  let latencyRead = false;
  return {
    id: 'overrides',
    label: 'Overrides & faults',
    element,
    shown() {
      refresh();
      if (!latencyRead) {
        latencyRead = true;
        ctx.control.get<Latency>('/latency').then((l) => (latency.value = l.latency), () => {});
      }
    },
    update(part) {
      if (part === 'overrides' || part === 'faults') refresh();
    },
  };
}
