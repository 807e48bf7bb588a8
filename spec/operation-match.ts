// Finds the operation of a document that a method and a request path call, with its path parameters: the one matcher of
// the suites' recorder (which operation an answer is checked against) and of the proxy (which operation live traffic calls).
import type { CompiledOperation, ContractValidator } from './validator.ts';

export type Match =
  | { kind: 'operation'; op: CompiledOperation; params: Record<string, string> }
  /** Under the API's base path, but no path template of the document fits it, or none with this method. */
  | { kind: 'unknown'; message: string }
  /** Outside the API's base path (the mock's files, its control API, a health check): not the document's to judge. */
  | { kind: 'outside' };

interface Template {
  op: CompiledOperation;
  segments: Array<{ literal: string } | { param: string }>;
  literals: number;
}

/**
 * A path value as sent when it is not valid percent-encoding (`%ZZ`): the request is matched (and recorded, or
 * forwarded) whatever it carries, and refusing the malformed value is the server's business.
 */
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export interface OperationMatcher {
  /** `pathname` as sent, still percent-encoded, without the query. */
  match(method: string, pathname: string): Match;
}

/** `basePath` is the API root the document's server names (`/api/public/v1`), or the root a target serves it at. */
export function createOperationMatcher(validator: Pick<ContractValidator, 'operations'>, basePath: string): OperationMatcher {
  const base = basePath.replace(/\/+$/, '');
  const templates: Template[] = validator.operations.map((op) => {
    const segments = op.path
      .split('/')
      .filter((s) => s.length > 0)
      .map((s) => {
        const param = /^\{([^}]+)\}$/.exec(s);
        return param ? { param: param[1]! } : { literal: s };
      });
    return { op, segments, literals: segments.filter((s) => 'literal' in s).length };
  });

  return {
    match(method, pathname) {
      if (base && pathname !== base && !pathname.startsWith(`${base}/`)) return { kind: 'outside' };
      const rest = pathname.slice(base.length).replace(/(.)\/$/, '$1') || '/';
      // Segments as a router sees them: an empty one (`/posts//status`) fits no template rather than vanishing, so
      // the request is not taken for another operation (`/posts/{id}` with id `status`).
      const parts = rest === '/' ? [] : rest.slice(1).split('/');
      const fits: Array<{ template: Template; params: Record<string, string> }> = [];
      for (const template of templates) {
        if (template.segments.length !== parts.length) continue;
        const params: Record<string, string> = {};
        const ok = template.segments.every((segment, i) => {
          const part = parts[i]!;
          if ('literal' in segment) return segment.literal === part;
          params[segment.param] = decode(part);
          return part.length > 0;
        });
        if (ok) fits.push({ template, params });
      }
      if (fits.length === 0) return { kind: 'unknown', message: `no path of the document matches ${rest}` };
      const lower = method.toLowerCase();
      const withMethod = fits.filter((f) => f.template.op.method === lower);
      if (withMethod.length === 0) {
        const methods = [...new Set(fits.map((f) => f.template.op.method.toUpperCase()))].join(', ');
        return { kind: 'unknown', message: `${method.toUpperCase()} ${rest} is not documented (documented there: ${methods})` };
      }
      // A literal segment beats a parameter (`/posts/group/{group}` over `/posts/{id}`), as routers do.
      withMethod.sort((a, b) => b.template.literals - a.template.literals);
      const best = withMethod[0]!;
      return { kind: 'operation', op: best.template.op, params: best.params };
    },
  };
}
