// Domain failures as data: each kind maps to one status and body shape in mocks/http/errors.ts (reference section 7).

export type DomainErrorKind =
  | 'invalid' // 400 Error
  | 'post_invalid' // 400 PostValidationError, names the channel
  | 'unauthorized' // 401
  | 'wallet_refusal' // 402 with wallet: true
  | 'plan_refusal' // 402 plan refusal
  | 'not_found' // 404
  | 'storage_full' // 413
  | 'too_large' // 413, a request body over the mock's limit (answered before the operation runs)
  | 'rate_limited'; // 429

export interface PostProblem {
  provider: string;
  name: string;
}

/**
 * A refusal the domain decides, thrown to unwind to the pipeline, which answers it in the reference's shape. It is not
 * an `Error`: an expected refusal is an answer, not a bug, and nobody reads where it was thrown. Building an Error (its
 * message and stack properties, even with no frame captured) was most of what a 400 or a 404 cost beyond its
 * operation's success. It still reads like one: `name`, `message`, and `String()`.
 */
export class DomainError {
  readonly name = 'DomainError';
  readonly message: string;
  readonly kind: DomainErrorKind;
  readonly messages: string[];
  readonly channel: PostProblem | undefined;
  /** For a 429: seconds until a request would be admitted again (sent as Retry-After). */
  retryAfterSeconds?: number;

  constructor(kind: DomainErrorKind, message: string | string[], channel?: PostProblem) {
    const messages = Array.isArray(message) ? message : [message];
    this.message = messages.join('; ');
    this.kind = kind;
    this.messages = messages;
    this.channel = channel;
  }

  toString(): string {
    return `${this.name}: ${this.message}`;
  }
}

export const invalid = (message: string | string[]) => new DomainError('invalid', message);
export const postInvalid = (provider: string, name: string, message: string) =>
  new DomainError('post_invalid', message, { provider, name });
type Unauthorized = 'No API Key found' | 'Invalid API key' | 'Invalid OAuth token';
/**
 * The three 401s, made once: nothing is added to a refusal once made, and a client without a key (a page before
 * sign-in, a probe) asks for one on every request.
 */
const UNAUTHORIZED = new Map<Unauthorized, DomainError>();
export const unauthorized = (message: Unauthorized): DomainError => {
  let err = UNAUTHORIZED.get(message);
  if (!err) UNAUTHORIZED.set(message, (err = Object.freeze(new DomainError('unauthorized', message)) as DomainError));
  return err;
};
export const walletRefusal = (message: string) => new DomainError('wallet_refusal', message);
export const planRefusal = (message: string) => new DomainError('plan_refusal', message);
export const notFound = (message: string) => new DomainError('not_found', message);
export const storageFull = (message: string) => new DomainError('storage_full', message);
export const rateLimited = (retryAfterSeconds?: number) => {
  const err = new DomainError('rate_limited', 'ThrottlerException: Too Many Requests');
  if (retryAfterSeconds !== undefined) err.retryAfterSeconds = retryAfterSeconds;
  return err;
};
