// Checks one request and its answer against the public document with the one validator, and says every way they break it.
import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';
import { mediaBase, type Violation } from '../spec/validator.ts';
import type { Match } from '../spec/operation-match.ts';

/** A violation the proxy reports: the validator's, plus `operation` for a call the document does not have. */
export interface ProxyViolation {
  in: Violation['in'] | 'operation';
  path: string;
  message: string;
}

/** A body as it went through: the bytes kept for checking, or why they were not kept. */
export interface CapturedBody {
  /** How many bytes went through. */
  size: number;
  bytes: Buffer | undefined;
  /** Why the bytes were not kept (too large, not JSON); the body is then not checked against a schema. */
  skipped?: string;
}

export interface Exchange {
  method: string;
  /** Path and query as the client sent them. */
  url: string;
  match: Match;
  requestHeaders: Headers;
  requestBody: CapturedBody;
  /** Undefined when no answer came (upstream unreachable). */
  status?: number;
  responseHeaders?: Headers;
  responseBody?: CapturedBody;
}

export function isJsonType(contentType: string | null | undefined): boolean {
  const base = mediaBase(contentType);
  return base === 'application/json' || base.endsWith('+json');
}

function decodeContent(bytes: Buffer, encoding: string | null): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case '':
    case 'identity':
      return bytes;
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(bytes);
    case 'deflate':
      return inflateSync(bytes);
    case 'br':
      return brotliDecompressSync(bytes);
    default:
      throw new Error(`content-encoding ${encoding} is not one the proxy can read`);
  }
}

type Parsed = { ok: true; value: unknown } | { ok: false; reason: string };

function parseJsonBody(body: CapturedBody, encoding: string | null): Parsed {
  if (!body.bytes || body.bytes.length === 0) return { ok: true, value: undefined };
  let text: string;
  try {
    text = decodeContent(body.bytes, encoding).toString('utf8');
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, reason: `body is not valid JSON (${(err as Error).message})` };
  }
}

/** Every way the exchange departs from the document. An exchange outside the API's base path is not checked. */
export function checkExchange(exchange: Exchange): ProxyViolation[] {
  const { match } = exchange;
  if (match.kind === 'outside') return [];
  if (match.kind === 'unknown') return [{ in: 'operation', path: exchange.url, message: `unknown operation: ${match.message}` }];
  const { op, params } = match;
  const out: ProxyViolation[] = [];

  // The request, as the client sent it.
  const requestType = exchange.requestHeaders.get('content-type');
  const sentBody = exchange.requestBody.size > 0;
  let requestBody: unknown;
  let bodyChecked = false;
  if (op.requestContentTypes.length > 0 && sentBody) {
    if (!op.requestContentTypes.includes(mediaBase(requestType))) {
      out.push({ in: 'header', path: 'content-type', message: `request content type ${mediaBase(requestType) || '(none)'} is not documented (documented: ${op.requestContentTypes.join(', ')})` });
    }
    if (isJsonType(requestType) && !exchange.requestBody.skipped) {
      const parsed = parseJsonBody(exchange.requestBody, exchange.requestHeaders.get('content-encoding'));
      if (parsed.ok) {
        requestBody = parsed.value;
        bodyChecked = true;
      } else {
        out.push({ in: 'body', path: '/', message: `request ${parsed.reason}` });
      }
    }
  } else if (op.requestContentTypes.length > 0) {
    bodyChecked = true; // nothing sent: the validator says whether a body was required
  }
  const url = new URL(`http://proxy${exchange.url.startsWith('/') ? exchange.url : `/${exchange.url}`}`);
  const request = op.validateRequest({ path: params, query: url.searchParams, headers: exchange.requestHeaders, body: requestBody, contentType: requestType ?? undefined });
  out.push(...request.violations.filter((v) => bodyChecked || v.in !== 'body'));

  // The answer, as the upstream gave it.
  if (exchange.status === undefined || !exchange.responseHeaders) return out;
  const responseType = exchange.responseHeaders.get('content-type');
  const responseBody = exchange.responseBody ?? { size: 0, bytes: undefined };
  const hasNoBody = exchange.method.toUpperCase() === 'HEAD' || exchange.status === 204 || exchange.status === 304;
  let body: unknown;
  let checkBody = false;
  if (!hasNoBody && isJsonType(responseType ?? 'application/json') && !responseBody.skipped) {
    const parsed = parseJsonBody(responseBody, exchange.responseHeaders.get('content-encoding'));
    if (parsed.ok) {
      body = parsed.value;
      checkBody = true;
    } else {
      out.push({ in: 'response-body', path: '/', message: `response ${parsed.reason}` });
    }
  }
  const response = op.validateResponse(exchange.status, body, exchange.responseHeaders);
  out.push(...response.filter((v) => checkBody || v.in !== 'response-body'));
  return out;
}

const SIDE: Record<ProxyViolation['in'], string> = {
  operation: '',
  path: 'request',
  query: 'request',
  header: 'request',
  body: 'request body',
  schema: 'schema',
  status: 'response',
  'content-type': 'response',
  'response-body': 'response body',
  'response-header': 'response',
};

/** One readable phrase per violation: where, then what. */
export function describe(v: ProxyViolation): string {
  const side = SIDE[v.in];
  if (v.in === 'body' || v.in === 'response-body') return v.message.startsWith(side) ? v.message : `${side} ${v.path}: ${v.message}`;
  return side && !v.message.startsWith(side.split(' ')[0]!) ? `${side}: ${v.message}` : v.message;
}
