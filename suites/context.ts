// Which check a piece of code runs for, when checks run concurrently: assertions are counted for the check whose
// async chain made them. Node's AsyncLocalStorage (reached through process.getBuiltinModule, so that a browser bundle
// of the suites loads without it); where it is missing the runner runs one check at a time and needs none.
import type { AsyncLocalStorage } from 'node:async_hooks';

export interface CheckScope {
  name: string;
  /** Counts one assertion about these answers for the check. */
  sink(exchanges: readonly unknown[]): void;
  /** What a failure's script reads of the unit (suites/curl.ts `ScriptContext`). */
  script?: unknown;
}

type Builtins = { getBuiltinModule?: (id: string) => unknown };
const hooks = (globalThis as { process?: Builtins }).process?.getBuiltinModule?.('node:async_hooks') as { AsyncLocalStorage: new <T>() => AsyncLocalStorage<T> } | undefined;
const storage = hooks ? new hooks.AsyncLocalStorage<CheckScope>() : undefined;

/** Whether checks can run concurrently here (each knows its own scope). */
export const CONCURRENT = Boolean(storage);

export function inScope<T>(scope: CheckScope, fn: () => T): T {
  return storage ? storage.run(scope, fn) : fn();
}

export function currentScope(): CheckScope | undefined {
  return storage?.getStore();
}
