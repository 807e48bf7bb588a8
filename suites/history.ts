// Every request the suites make, recorded with its answer: stateful checks read it, response checks walk it, failures replay it.
import type { OperationMatcher } from '../spec/operation-match.ts';
import { answerBody, headersObject, type Exchange, type MultipartRecord } from './exchange.ts';
import { NotVerified } from './not-verified.ts';
import { CheckFailed } from './check-failed.ts';
import { BoundHit, boundedText, DEFAULT_BOUNDS, longestList, tooLong } from './bounded.ts';

export type { Exchange, MultipartRecord };

export class History {
  readonly exchanges: Exchange[] = [];
  #seq = 0;
  /** Who is making requests now; stamped on each exchange. */
  current?: string;
  readonly #parent: History | undefined;
  readonly #owner: string | undefined;

  /**
   * A check's own history (`parent`, `owner`): it numbers and keeps the check's exchanges, so that marks and "the
   * last answer" mean the check's own while other checks run beside it, and passes each on to the run's history.
   */
  constructor(parent?: History, owner?: string) {
    this.#parent = parent;
    this.#owner = owner;
  }

  add(e: Omit<Exchange, 'seq' | 'by'>, by: string | undefined = this.#owner ?? this.current): Exchange {
    const full: Exchange = { ...e, seq: ++this.#seq, by };
    if (this.#parent) this.#parent.add(e, by);
    else if (globalThis.process?.env?.VERIFY_DEBUG) process.stderr.write(`[verify] ${full.by ?? '-'} ${e.method} ${e.url} -> ${e.status} (${e.ms.toFixed(0)}ms)\n`);
    this.exchanges.push(full);
    return full;
  }

  get count(): number {
    return this.#seq;
  }

  since(mark: number): Exchange[] {
    return this.exchanges.filter((e) => e.seq > mark);
  }

  /** Keep memory flat on long runs: drop bodies of exchanges that are already checked. */
  compact(upTo: number): void {
    const keep = this.exchanges.filter((e) => e.seq > upTo);
    this.exchanges.length = 0;
    this.exchanges.push(...keep);
  }
}

async function describeBody(body: BodyInit | null | undefined): Promise<Exchange['requestBody']> {
  if (body === null || body === undefined) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof FormData) {
    const parts: MultipartRecord['multipart'] = [];
    for (const [name, value] of body.entries()) {
      if (typeof value === 'string') parts.push({ name, value });
      else {
        const file = value as File;
        // Small files are kept so a failure's curl line can send the very same bytes.
        const base64 = file.size <= 8192 ? Buffer.from(await file.arrayBuffer()).toString('base64') : undefined;
        parts.push({ name, filename: file.name, type: file.type, bytes: file.size, base64 });
      }
    }
    return { multipart: parts };
  }
  return '[binary body]';
}

/** Wrap a transport so every request and answer lands in the history. */
const recorded = new WeakMap<Response, Exchange>();

/** The exchange recorded for an answer `recordingFetch` gave back. */
export function exchangeFor(response: Response): Exchange | undefined {
  return recorded.get(response);
}

export function recordingFetch(inner: typeof fetch, history: History, matcher: OperationMatcher, maxListItems = DEFAULT_BOUNDS.maxListItems): typeof fetch {
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const method = request.method;
    const url = request.url;
    const requestHeaders = headersObject(request.headers);
    let requestBody: Exchange['requestBody'];
    if (init?.body !== undefined) requestBody = await describeBody(init.body);
    else if (input instanceof Request && input.body) {
      const type = input.headers.get('content-type') ?? '';
      requestBody = type.includes('multipart') ? { multipart: [{ name: '(multipart)' }] } : await input.clone().text();
    }
    const started = performance.now();
    const at = Date.now();
    const match = matcher.match(method, new URL(url).pathname);
    const operationId = match.kind === 'operation' ? match.op.operationId : undefined;
    let response: Response;
    let text: string;
    try {
      response = await inner(input instanceof Request ? input : url, input instanceof Request ? undefined : init);
      text = await boundedText(response);
    } catch (err) {
      // A bound the answer broke (suites/bounded.ts) is a finding on the operation asked.
      if (err instanceof BoundHit) throw withOperation(err, operationId, method, url);
      // A wait the run could not honour (polite.ts) is a verdict of its own, not a lost answer.
      if (err instanceof NotVerified || err instanceof CheckFailed) throw err;
      // `fetch failed` alone names neither the request nor the cause: a failure report needs both.
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const why = cause?.code ?? cause?.message ?? (err as Error).message;
      throw new Error(`no answer to ${method} ${url}${requestBody !== undefined ? ` (body ${JSON.stringify(requestBody).slice(0, 300)})` : ''}: ${why}`, { cause: err });
    }
    const ms = performance.now() - started;
    const responseHeaders = headersObject(response.headers);
    const { responseBody, json } = answerBody(text, responseHeaders['content-type']);
    // A list too long to walk is not kept either: the checks and the reproductions walk every answer they hold.
    if (json) {
      const items = longestList(responseBody, maxListItems);
      if (items > maxListItems) throw withOperation(tooLong({ ...DEFAULT_BOUNDS, maxListItems }, items), operationId, method, url);
    }
    const exchange = history.add({
      operationId,
      method,
      url,
      requestHeaders,
      requestBody,
      status: response.status,
      responseHeaders,
      responseBody,
      json,
      ms,
      at,
    });
    const answer = new Response(response.status === 204 || response.status === 304 ? null : text, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    recorded.set(answer, exchange);
    return answer;
  };
  return wrapped as typeof fetch;
}

/** A bound hit named with the request that hit it: the operation it is a finding on, and the request. */
function withOperation(hit: BoundHit, operationId: string | undefined, method: string, url: string): BoundHit {
  hit.operation = operationId;
  hit.received = `${hit.received}, to ${method} ${new URL(url).pathname}`;
  hit.message = `${operationId ? `${operationId}: ` : ''}received ${hit.received}; documented ${hit.documented}`;
  return hit;
}
