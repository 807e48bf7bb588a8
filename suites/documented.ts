// A response body typed from the document, once the validator says it is what the document describes: checks read
// typed fields without casting, and never on a guess. The type is earned by validation, not assumed.
import type { operations } from '../spec/generated/openapi.d.ts';
import { describeViolations, getValidator } from '../spec/validator.ts';
import type { Exchange } from './exchange.ts';
import { NotVerified } from './not-verified.ts';

export type OperationId = keyof operations;
type Responses<K extends OperationId> = operations[K]['responses'];
export type DocumentedStatus<K extends OperationId> = keyof Responses<K> & number;
/** The JSON body an operation documents for a status. */
export type DocumentedBody<K extends OperationId, S extends DocumentedStatus<K>> = Responses<K>[S] extends { content: { 'application/json': infer B } } ? B : never;

/**
 * `e`'s body as `operationId` documents it for `status`. An answer with another status, or whose body is outside the
 * schema, cannot be read for what a check needs: the check is not verified (the response checks report the breach
 * itself). Check the status first with `ensure` where a different status is the failure the check looks for.
 */
export function documented<K extends OperationId, S extends DocumentedStatus<K>>(
  e: Exchange,
  operationId: K,
  status: S,
  /** Where a body outside the schema is the failure the check is looking for (a model test), say so here. */
  orElse: (why: string) => never = (why) => {
    throw new NotVerified(`${why}, so this check cannot read it`);
  },
): DocumentedBody<K, S> {
  if (e.status !== status) return orElse(`${operationId} answered ${e.status}, not ${status}`);
  const problems = getValidator()
    .byId(operationId)
    .validateResponse(status, e.responseBody, { 'content-type': e.responseHeaders['content-type'] ?? 'application/json' })
    .filter((v) => v.in === 'response-body' || v.in === 'content-type');
  if (problems.length > 0) return orElse(`${operationId}'s ${status} answer is not the documented body (${describeViolations(problems).slice(0, 2).join('; ')})`);
  return e.responseBody as DocumentedBody<K, S>;
}
