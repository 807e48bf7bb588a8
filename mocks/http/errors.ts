// The one table from domain error kinds to status and body, in the shapes of reference section 7.
import type { DomainError, DomainErrorKind } from '../domain/errors.ts';

export interface ErrorContext {
  /** The app's origin (the mock plays the app host too). */
  appUrl: string;
  /** The wallet page of the refused workspace, relative to the app (mocks/http/wallet-link.ts), carried by wallet refusals. */
  walletUrl: string;
}

type Shape = (err: DomainError, ctx: ErrorContext) => unknown;

const errorBody = (status: number): Shape => (err) => ({
  statusCode: status,
  msg: err.messages[0] ?? 'Error',
  message: err.messages.length === 1 ? err.messages[0] : err.messages,
});

export const ERROR_TABLE: Record<DomainErrorKind, { status: number; body: Shape }> = {
  invalid: { status: 400, body: errorBody(400) },
  post_invalid: {
    status: 400,
    body: (err) => ({ statusCode: 400, provider: err.channel?.provider ?? '', name: err.channel?.name ?? '', message: err.messages[0] }),
  },
  unauthorized: { status: 401, body: (err) => ({ msg: err.messages[0] }) },
  wallet_refusal: {
    status: 402,
    body: (err, ctx) => ({ statusCode: 402, msg: err.messages[0], message: err.messages[0], wallet: true, url: ctx.walletUrl }),
  },
  plan_refusal: {
    status: 402,
    body: (err, ctx) => ({ statusCode: 402, message: err.messages[0], url: `${ctx.appUrl}/billing` }),
  },
  not_found: { status: 404, body: errorBody(404) },
  storage_full: { status: 413, body: errorBody(413) },
  too_large: { status: 413, body: errorBody(413) },
  rate_limited: { status: 429, body: (err) => ({ statusCode: 429, message: err.messages[0] }) },
};

export function errorReply(err: DomainError, ctx: ErrorContext): { status: number; body: unknown; headers: Record<string, string> } {
  const entry = ERROR_TABLE[err.kind];
  // Retry-After on a 429 is the mock's: the reference says only that the client waits.
  const headers: Record<string, string> = err.retryAfterSeconds === undefined ? {} : { 'retry-after': String(err.retryAfterSeconds) };
  return { status: entry.status, body: entry.body(err, ctx), headers };
}
