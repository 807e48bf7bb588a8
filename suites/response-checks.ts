// The registered response checks run over one exchange: how `verify` judges each answer it recorded and the proxy each live one.
import type { CompiledOperation } from '../spec/validator.ts';
import { allChecks, type Check, type Failure, type InspectContext } from './checks/registry.ts';
import type { Exchange, UnseenPart } from './exchange.ts';
import './checks/index.ts';

export type Verdict =
  | { check: Check; status: 'passed' }
  | { check: Check; status: 'failed'; failure: Omit<Failure, 'check'> }
  | { check: Check; status: 'not verified'; why: string };

/** The response checks among `checks` (every registered check by default), in registry order. */
export function responseChecks(checks: Check[] = allChecks()): Check[] {
  return checks.filter((c) => c.kind === 'response');
}

/** `responseBody` also decides `json`: a check reading either needs the body. */
const FIELDS_OF: Record<UnseenPart, string[]> = { requestBody: ['requestBody'], responseBody: ['responseBody', 'json'] };

/**
 * The exchange as a check sees it, noting every read of a part that was not kept. Checks are plain functions of the
 * exchange and say nothing of what they need, so what they read is how we learn it.
 */
function watched(e: Exchange): { view: Exchange; missed: () => UnseenPart | undefined } {
  const unseen = e.unseen ?? {};
  const partOf = new Map<PropertyKey, UnseenPart>();
  for (const part of Object.keys(unseen) as UnseenPart[]) for (const field of FIELDS_OF[part]) partOf.set(field, part);
  let missed: UnseenPart | undefined;
  const view = new Proxy(e, {
    get(target, prop, receiver) {
      const part = partOf.get(prop);
      if (part) missed ??= part;
      return Reflect.get(target, prop, receiver);
    },
  });
  return { view, missed: () => missed };
}

const PART_NAME: Record<UnseenPart, string> = { requestBody: 'the request body', responseBody: 'the answer body' };

/**
 * Each check's verdict on one exchange of `op`. A check that read a part the recorder did not keep (see
 * `Exchange.unseen`) is not verified, whatever it returned: it judged a body it never saw.
 */
export function inspectExchange(checks: Check[], e: Exchange, op: CompiledOperation, run: InspectContext): Verdict[] {
  const hasUnseen = e.unseen !== undefined && Object.keys(e.unseen).length > 0;
  return checks.map((check): Verdict => {
    if (!hasUnseen) {
      const failure = check.inspect!(e, op, run);
      return failure ? { check, status: 'failed', failure } : { check, status: 'passed' };
    }
    const { view, missed } = watched(e);
    const failure = check.inspect!(view, op, run);
    const part = missed();
    if (part) return { check, status: 'not verified', why: `needs ${PART_NAME[part]}, which was not kept (${e.unseen![part]})` };
    return failure ? { check, status: 'failed', failure } : { check, status: 'passed' };
  });
}
