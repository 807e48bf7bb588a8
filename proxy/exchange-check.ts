// Checks one exchange of live traffic: the request against the document with the one validator, the answer with the
// registered response checks (the ones `verify` runs), on the exchange decoded into the suites' own record.
import { brotliDecompressSync, constants, gunzipSync, inflateSync } from 'node:zlib';
import { mediaBase, type CompiledOperation, type Violation } from '../spec/validator.ts';
import type { Match } from '../spec/operation-match.ts';
import { answerBody, headersObject, type Exchange, type UnseenPart } from '../suites/exchange.ts';
import { inspectExchange, type Verdict } from '../suites/response-checks.ts';
import type { Check, Failure, InspectContext } from '../suites/checks/registry.ts';

/** A violation the proxy reports: the validator's on the request, `operation` for a call the document does not have, or a response check's finding. */
export interface ProxyViolation {
  in: Violation['in'] | 'operation' | 'response';
  path: string;
  message: string;
  /** The response check that found it; absent on request violations. */
  check?: string;
}

/** A body as it went through, still content-encoded: the bytes kept for checking, or why they were not kept. */
export interface CapturedBody {
  /** How many bytes went through. */
  size: number;
  bytes: Buffer | undefined;
  /** True when `bytes` are only the first of them (an answer that is not JSON, kept to show what came back). */
  truncated?: boolean;
  /** Why the bytes were not kept (too large, not JSON, broken off). */
  skipped?: string;
}

/** What the proxy saw of one exchange, as it went through. */
export interface ProxyCapture {
  /** Order of arrival, from 1. */
  seq: number;
  method: string;
  /** Path and query as the client sent them. */
  url: string;
  /** Where the request went: the upstream's origin and prefix, then `url`. */
  upstreamUrl: string;
  match: Match;
  requestHeaders: Headers;
  requestBody: CapturedBody;
  /** Undefined when no answer came (upstream unreachable). */
  answer?: { status: number; headers: Headers; body: CapturedBody; ms: number };
}

export function isJsonType(contentType: string | null | undefined): boolean {
  const base = mediaBase(contentType);
  return base === 'application/json' || base.endsWith('+json');
}

/** Undo a content-encoding; `partial` for the first bytes of a longer body, which decode as far as they go. */
function decodeContent(bytes: Buffer, encoding: string | null, partial: boolean): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case '':
    case 'identity':
      return bytes;
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(bytes, partial ? { finishFlush: constants.Z_SYNC_FLUSH } : {});
    case 'deflate':
      return inflateSync(bytes, partial ? { finishFlush: constants.Z_SYNC_FLUSH } : {});
    case 'br':
      return brotliDecompressSync(bytes, partial ? { finishFlush: constants.BROTLI_OPERATION_FLUSH } : {});
    default:
      throw new Error(`content-encoding ${encoding} is not one the proxy can read`);
  }
}

type Text = { ok: true; text: string } | { ok: false; why: string };

function bodyText(body: CapturedBody, encoding: string | null): Text {
  if (body.size === 0) return { ok: true, text: '' };
  if (body.skipped || !body.bytes) return { ok: false, why: body.skipped ?? 'not kept' };
  try {
    return { ok: true, text: decodeContent(body.bytes, encoding, Boolean(body.truncated)).toString('utf8') };
  } catch (err) {
    return { ok: false, why: (err as Error).message };
  }
}

/** The exchange as the checks read it (the suites' record), bodies decoded; undefined when the upstream gave no answer. */
function toExchange(capture: ProxyCapture, op: CompiledOperation): Exchange | undefined {
  const { answer } = capture;
  if (!answer) return undefined;
  const unseen: Partial<Record<UnseenPart, string>> = {};
  const sent = bodyText(capture.requestBody, capture.requestHeaders.get('content-encoding'));
  if (!sent.ok) unseen.requestBody = sent.why;
  const responseHeaders = headersObject(answer.headers);
  const received = bodyText(answer.body, answer.headers.get('content-encoding'));
  if (!received.ok) unseen.responseBody = received.why;
  return {
    seq: capture.seq,
    operationId: op.operationId,
    method: capture.method,
    url: capture.upstreamUrl,
    requestHeaders: headersObject(capture.requestHeaders),
    requestBody: sent.ok && sent.text !== '' ? sent.text : undefined,
    status: answer.status,
    responseHeaders,
    ...(received.ok ? answerBody(received.text, responseHeaders['content-type']) : { responseBody: undefined, json: false }),
    ms: answer.ms,
    ...(Object.keys(unseen).length > 0 ? { unseen } : {}),
  };
}

type Parsed = { ok: true; value: unknown } | { ok: false; reason: string };

function parseJsonBody(body: CapturedBody, encoding: string | null): Parsed {
  const read = bodyText(body, encoding);
  if (!read.ok) return { ok: false, reason: read.why };
  if (read.text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(read.text) };
  } catch (err) {
    return { ok: false, reason: `body is not valid JSON (${(err as Error).message})` };
  }
}

/**
 * The request's violations: parameters, content type and JSON body. The suites make their own requests and never need
 * this; the proxy judges clients too.
 */
function checkRequest(capture: ProxyCapture, op: CompiledOperation, params: Record<string, string>): ProxyViolation[] {
  const out: ProxyViolation[] = [];
  const requestType = capture.requestHeaders.get('content-type');
  const sentBody = capture.requestBody.size > 0;
  let requestBody: unknown;
  let bodyChecked = false;
  if (op.requestContentTypes.length > 0 && sentBody) {
    if (!op.requestContentTypes.includes(mediaBase(requestType))) {
      out.push({ in: 'header', path: 'content-type', message: `request content type ${mediaBase(requestType) || '(none)'} is not documented (documented: ${op.requestContentTypes.join(', ')})` });
    }
    if (isJsonType(requestType) && !capture.requestBody.skipped) {
      const parsed = parseJsonBody(capture.requestBody, capture.requestHeaders.get('content-encoding'));
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
  const url = new URL(`http://proxy${capture.url.startsWith('/') ? capture.url : `/${capture.url}`}`);
  const request = op.validateRequest({ path: params, query: url.searchParams, headers: capture.requestHeaders, body: requestBody, contentType: requestType ?? undefined });
  out.push(...request.violations.filter((v) => bodyChecked || v.in !== 'body'));
  return out;
}

/**
 * The proxy does not know which workspace a key belongs to (`seen.kind`), so the outcomes that mean something only per
 * plan are not recognised, and it keeps no coverage of outcomes.
 */
const LIVE: InspectContext = { seen: {}, asserted: () => {} };

/** Where in the answer each generic check looks, for the report's `in` (a check not named here reports `response`). */
const PART_CHECKED: Record<string, ProxyViolation['in']> = {
  not_a_server_error: 'status',
  status_code_conformance: 'status',
  content_type_conformance: 'content-type',
  response_schema_conformance: 'response-body',
  response_headers_conformance: 'response-header',
};

function fromFailure(check: Check, failure: Omit<Failure, 'check'>, status: number): ProxyViolation {
  return { in: PART_CHECKED[check.name] ?? 'response', path: String(status), message: `received ${failure.received}; documented ${failure.documented}`, check: check.name };
}

export interface ExchangeVerdict {
  violations: ProxyViolation[];
  /** Each response check's verdict on the answer; empty for a call of no operation. */
  verdicts: Verdict[];
}

/** Every way the exchange departs from the document. An exchange outside the API's base path is not checked. */
export function checkExchange(capture: ProxyCapture, checks: Check[]): ExchangeVerdict {
  const { match } = capture;
  if (match.kind === 'outside') return { violations: [], verdicts: [] };
  if (match.kind === 'unknown') return { violations: [{ in: 'operation', path: capture.url, message: `unknown operation: ${match.message}` }], verdicts: [] };
  const violations = checkRequest(capture, match.op, match.params);
  const exchange = toExchange(capture, match.op);
  if (!exchange) return { violations, verdicts: checks.map((check) => ({ check, status: 'not verified', why: 'no answer from the upstream' })) };
  const verdicts = inspectExchange(checks, exchange, match.op, LIVE);
  for (const v of verdicts) if (v.status === 'failed') violations.push(fromFailure(v.check, v.failure, exchange.status));
  return { violations, verdicts };
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
  response: 'response',
};

/** One readable phrase per violation: where, then what. */
export function describe(v: ProxyViolation): string {
  const side = SIDE[v.in];
  if (v.check) return `${side} (${v.check}): ${v.message}`;
  if (v.in === 'body' || v.in === 'response-body') return v.message.startsWith(side) ? v.message : `${side} ${v.path}: ${v.message}`;
  return side && !v.message.startsWith(side.split(' ')[0]!) ? `${side}: ${v.message}` : v.message;
}
