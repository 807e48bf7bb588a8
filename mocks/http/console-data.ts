// What the mock's console is handed beside its control API: the public operations with the statuses each documents
// (the override form offers those), read from the compiled document. No Node built-ins: the server's page and the MSW
// export both build it.
import type { ContractValidator } from '../../spec/validator.ts';
import { documentedStatuses } from './overrides.ts';

/** One public operation, as the console lists it. */
export interface ConsoleOperation {
  operationId: string;
  method: string;
  /** The path template, e.g. `/posts/{id}/status`. */
  path: string;
  /** The statuses it documents, ascending: what an override may answer. */
  statuses: number[];
  /** The request body's media type when it takes one (a curl line sends a file for multipart). */
  body?: string;
}

export function consoleOperations(validator: ContractValidator): ConsoleOperation[] {
  return validator.operations
    .map((op) => ({
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      path: op.path,
      statuses: documentedStatuses(op),
      ...(op.requestContentTypes[0] ? { body: op.requestContentTypes[0] } : {}),
    }))
    .sort((a, b) => a.operationId.localeCompare(b.operationId));
}
