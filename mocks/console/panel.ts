// What every panel of the console is handed, and what it hands back.
import type { Control } from './control.ts';
import type { Part, Store } from './store.ts';
import type { ConsoleOperation } from '../http/console-data.ts';

export interface PanelContext {
  control: Control;
  store: Store;
  /** The public operations, with the statuses each documents. */
  operations: ConsoleOperation[];
  /** The origin the app calls the API at (curl lines start with it). */
  origin: string;
  /** The ready scenarios that can be loaded by name. */
  scenarios: ReadyScenarios;
  /**
   * Run a change through the control API: while it runs its controls are busy; then the outcome is said in the
   * console's status line (or the refusal in its alert), and the parts it touched are read again.
   */
  act<T>(change: () => Promise<T>, said: (result: T) => string, refresh?: Part[], refused?: (err: unknown) => void): Promise<T | undefined>;
  /** Say something in the status line. */
  say(message: string): void;
}

export interface Panel {
  id: string;
  label: string;
  element: HTMLElement;
  /** The panel became visible. */
  shown?(): void;
  /** A part of the store changed. */
  update?(part: Part): void;
  /** The console is closing: stop timers. */
  stop?(): void;
}

/** Ready scenarios: their names and what each shows, and how to read one. */
export interface ReadyScenarios {
  /** `get` reads a same-origin URL as the control API is read (with the control token when one was typed). */
  list(get: (url: string) => Promise<Response>): Promise<Array<{ name: string; description: string }>>;
  /** The document. */
  read(name: string, get: (url: string) => Promise<Response>): Promise<unknown>;
}
