// Finds the operation of the public document that a method and a path (as the upstream sees it) call, with its path parameters.
import type { CompiledOperation, ContractValidator } from '../spec/validator.ts';

export type Match =
  | { kind: 'operation'; op: CompiledOperation; params: Record<string, string> }
  /** Under the API's base path, but no path template of the document fits it, or none with this method. */
  | { kind: 'unknown'; message: string }
  /** Outside the API's base path (the mock's files, its control API, a health check): forwarded, not checked. */
  | { kind: 'outside' };

interface Template {
  op: CompiledOperation;
  segments: Array<{ literal: string } | { param: string }>;
  literals: number;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape is the server's to refuse; the proxy matches it as written
  }
}

export interface OperationMatcher {
  match(method: string, pathname: string): Match;
}

/** `basePath` is the API root the document's server names (`/api/public/v1`). */
export function createOperationMatcher(validator: ContractValidator, basePath: string): OperationMatcher {
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
      const parts = rest.split('/').filter((s) => s.length > 0);
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
