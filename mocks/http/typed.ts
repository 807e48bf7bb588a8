// The spec's types at the HTTP edge: each handler is keyed by its operationId, and its params, query, body and reply
// are typed from spec/generated/*.d.ts, so that a handler whose reply is not one its operation documents does not
// compile. The pipeline has validated the request against the same document before a handler runs.
import type { operations as PublicOperations } from '../../spec/generated/openapi.d.ts';
import type { operations as ControlOperations } from '../../spec/generated/control.d.ts';
import type { Violation } from '../../spec/validator.ts';
import type { Ctx, Reply } from './pipeline.ts';

export type { PublicOperations, ControlOperations };

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : T extends { content: { 'application/x-www-form-urlencoded': infer B } } ? B : never;

/** The request body a handler receives: the JSON (or form) body its operation documents, after validation. */
export type RequestBody<O> = O extends { requestBody: infer R } ? JsonOf<R> : O extends { requestBody?: infer R } ? JsonOf<NonNullable<R>> | undefined : undefined;
export type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? ([Q] extends [undefined | never] ? Record<string, never> : NonNullable<Q>) : Record<string, never>;
export type PathOf<O> = O extends { parameters: { path?: infer P } } ? ([P] extends [undefined | never] ? Record<string, never> : NonNullable<P>) : Record<string, never>;

/** What an operation may answer: a documented status with its documented JSON body. 200 may be left implicit. */
export type TypedReply<O> = O extends { responses: infer R }
  ?
      | { [S in keyof R & number]: { status: S; body: JsonOf<R[S]>; headers?: Record<string, string> } }[keyof R & number]
      | (200 extends keyof R ? { status?: undefined; body: JsonOf<R[200]>; headers?: Record<string, string> } : never)
      | { response: Response }
  : never;

export interface TypedCtx<O> extends Omit<Ctx, 'params' | 'query' | 'body'> {
  params: PathOf<O>;
  query: QueryOf<O>;
  body: RequestBody<O>;
}

export type TypedHandle<O> = (ctx: TypedCtx<O>) => TypedReply<O> | Promise<TypedReply<O>>;

export interface TypedOperationHandler<O> {
  handle: TypedHandle<O>;
  admit?: (ctx: TypedCtx<O>) => void;
  defer?: (ctx: TypedCtx<O>, violation: Violation) => boolean;
  rawBody?: boolean;
  memo?: (ctx: TypedCtx<O>) => string;
}

export type TypedHandlers<Ops> = { [K in keyof Ops]: TypedHandle<Ops[K]> | TypedOperationHandler<Ops[K]> };

/** Every public operation's handler (routes/index.ts holds all of them; each routes file a part). */
export type PublicHandlers = TypedHandlers<PublicOperations>;
export type ControlHandlers = TypedHandlers<ControlOperations>;

/** The pipeline runs handlers untyped: it has checked the request against the same document the types come from. */
export type { Reply };
