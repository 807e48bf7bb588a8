// A departure a check (or the client under it) found, apart from the registry so the client's transport can throw it too.
import type { Exchange } from './exchange.ts';

/** Thrown inside a check or property when the target breaks a rule; carries what reproduces it. */
export class CheckFailed extends Error {
  operation?: string;
  received: string;
  documented: string;
  exchanges: Exchange[];
  constructor(f: { operation?: string; received: string; documented: string; exchanges?: Array<Exchange | undefined> }) {
    super(`${f.operation ? `${f.operation}: ` : ''}received ${f.received}; documented ${f.documented}`);
    this.operation = f.operation;
    this.received = f.received;
    this.documented = f.documented;
    this.exchanges = (f.exchanges ?? []).filter((e): e is Exchange => e !== undefined);
  }
}
