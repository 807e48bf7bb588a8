// One request and its answer as every check reads it: the suites record them from the traffic they make, the proxy from live traffic.

/** A multipart body as the suites sent it (files are described, not stored). */
export interface MultipartRecord {
  multipart: Array<{ name: string; filename?: string; type?: string; bytes?: number; value?: string; base64?: string }>;
}

/** The parts of an exchange a recorder may not have kept. */
export type UnseenPart = 'requestBody' | 'responseBody';

export interface Exchange {
  /** Order of recording, from 1. */
  seq: number;
  /** The public operation this request matched, when it matched one. */
  operationId?: string;
  method: string;
  /** Absolute URL the request went to. */
  url: string;
  /** Lower-case names; a repeated header's values joined with `, `. */
  requestHeaders: Record<string, string>;
  /** Raw text for JSON and forms, a description for multipart, undefined for none. */
  requestBody?: string | MultipartRecord;
  status: number;
  responseHeaders: Record<string, string>;
  /** Parsed JSON when the answer was JSON, else the text (truncated), decoded from any content-encoding. */
  responseBody: unknown;
  /** True when the body was JSON that parsed. */
  json: boolean;
  ms: number;
  /** When it was sent (epoch ms): a date it carries is read as an offset from the clock at that moment. */
  at?: number;
  /** Which check made it (for the report). */
  by?: string;
  /**
   * A read a check makes only to see more, not what it tests (a snapshot's area the check does not test): the check
   * does not need the operation, so its scope (`--areas`, `--operations`) does not count it.
   */
  optional?: boolean;
  /**
   * Parts the recorder did not keep, each with why (a body too large to hold, one it cannot decode). The field then
   * reads as absent, so a check that reads it cannot judge the exchange: suites/response-checks.ts reports it as not
   * verified. The suites keep everything and never set this; the proxy keeps bounded copies of what streams through.
   */
  unseen?: Partial<Record<UnseenPart, string>>;
}

/** Longest text kept of an answer that is not JSON: enough to show what came back, bounded on long runs. */
export const TEXT_KEPT = 4000;

/** The answer's body as an exchange holds it: parsed when labelled JSON, else its text (truncated); undefined when empty. */
export function answerBody(text: string, contentType: string | undefined): Pick<Exchange, 'responseBody' | 'json'> {
  const labelledJson = (contentType ?? '').includes('json');
  if (labelledJson && text.length > 0) {
    try {
      return { responseBody: JSON.parse(text), json: true };
    } catch {
      /* left as text: content_type_conformance and response_schema_conformance say why */
    }
  }
  if (text.length === 0) return { responseBody: undefined, json: false };
  return { responseBody: text.length > TEXT_KEPT && !labelledJson ? text.slice(0, TEXT_KEPT) : text, json: false };
}

/** Header pairs as an exchange holds them. */
export function headersObject(h: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  h.forEach((v, k) => (out[k] = v));
  return out;
}
