// What the console knows of the mock, read through the control API and shared by its panels: the workspaces, the
// world (one scenario export: posts, channels, ledgers), the clock, the overrides and faults in force.
import type { Clock, Control, Faults, Override, Scenario, Workspace } from './control.ts';

export type Part = 'world' | 'clock' | 'overrides' | 'faults';

/** The world is read again at most this often while requests that change it keep coming (more slowly when it is big). */
const WORLD_EVERY_MS = 1500;

export class Store {
  workspaces: Workspace[] = [];
  scenario: Scenario | undefined;
  clock: Clock | undefined;
  /** When the clock was read (the page's monotonic time), to show a running clock between reads. */
  #clockReadAt = 0;
  overrides: Override[] = [];
  faults: Faults | undefined;
  readonly #control: Control;
  readonly #listeners = new Set<(part: Part) => void>();
  #worldRun: Promise<void> | undefined;
  #worldAgain = false;
  #worldAt = 0;
  /** How long the last read of the world took: a world of megabytes is read less often. */
  #worldTook = 0;
  #worldTimer: ReturnType<typeof setTimeout> | undefined;
  /** The world changed since it was last read, and no panel in sight needed it yet. */
  stale = false;
  /** Whether the panel in sight shows the world (posts, ledgers): else only the workspaces are read on a change. */
  wantsWorld: () => boolean = () => true;

  constructor(control: Control) {
    this.#control = control;
  }

  on(listener: (part: Part) => void): void {
    this.#listeners.add(listener);
  }

  #emit(part: Part): void {
    for (const listener of this.#listeners) listener(part);
  }

  /** The mock clock's now, moved on by the time since it was read when it runs. */
  now(): number {
    if (!this.clock) return Date.now();
    const read = Date.parse(this.clock.now);
    return this.clock.frozen ? read : read + (performance.now() - this.#clockReadAt);
  }

  setClock(clock: Clock): void {
    this.clock = { now: clock.now, frozen: clock.frozen };
    this.#clockReadAt = performance.now();
    this.#emit('clock');
  }

  async refreshClock(): Promise<void> {
    this.setClock(await this.#control.get<Clock>('/clock'));
  }

  async refreshOverrides(): Promise<void> {
    const list = await this.#control.get<{ overrides: Override[] }>('/overrides');
    const changed = JSON.stringify(list.overrides) !== JSON.stringify(this.overrides);
    this.overrides = list.overrides;
    if (changed) this.#emit('overrides');
  }

  async refreshFaults(): Promise<void> {
    this.setFaults(await this.#control.get<Faults>('/faults'));
  }

  setFaults(faults: Faults): void {
    const changed = JSON.stringify(faults.active) !== JSON.stringify(this.faults?.active);
    this.faults = faults;
    if (changed) this.#emit('faults');
  }

  /** Read the workspaces and the world now (one at a time: a read asked during one runs once after it). */
  refreshWorld(): Promise<void> {
    if (this.#worldRun) {
      this.#worldAgain = true;
      return this.#worldRun;
    }
    this.#worldRun = (async () => {
      try {
        do {
          this.#worldAgain = false;
          const started = performance.now();
          const [workspaces, scenario] = await Promise.all([this.#control.get<Workspace[]>('/workspaces'), this.#control.get<Scenario>('/scenario')]);
          this.workspaces = workspaces;
          this.scenario = scenario;
          this.stale = false;
          this.#worldAt = performance.now();
          this.#worldTook = this.#worldAt - started;
          this.setClock(scenario.clock);
          this.#emit('world');
        } while (this.#worldAgain);
      } finally {
        this.#worldRun = undefined;
      }
    })();
    return this.#worldRun;
  }

  /** Read the workspaces alone (names and keys for the journal), the world left to be read when a panel shows it. */
  async refreshWorkspaces(): Promise<void> {
    this.workspaces = await this.#control.get<Workspace[]>('/workspaces');
    this.stale = true;
    this.#emit('world');
  }

  /** The world changed (a request that writes was journaled): read it again soon, not on every request. */
  worldChanged(): void {
    if (this.#worldTimer) return;
    const wait = Math.max(0, Math.max(WORLD_EVERY_MS, 5 * this.#worldTook) - (performance.now() - this.#worldAt));
    this.#worldTimer = setTimeout(() => {
      this.#worldTimer = undefined;
      (this.wantsWorld() ? this.refreshWorld() : this.refreshWorkspaces()).catch(() => {});
    }, wait);
  }

  stop(): void {
    clearTimeout(this.#worldTimer);
    this.#listeners.clear();
  }
}
