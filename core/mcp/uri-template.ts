import { KernelError } from '../errors/kernel-error.js';
import { notFound } from '../errors/tool-error.js';

export interface UriTemplate {
  readonly variables: readonly string[];
  /** The variables' values when `uri` fits the template, else null. */
  match(uri: string): Record<string, string> | null;
}

const VARIABLE = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * RFC 6570 level 1, which is all a record's URI needs: each `{name}` matches one path segment
 * (no `/`), percent-decoded. Richer operators are refused at boot rather than half-supported.
 */
export function compileUriTemplate(template: string): UriTemplate {
  if (/\{[^A-Za-z_]/.test(template))
    throw new KernelError('KRN_ERR_URI_TEMPLATE', `uri template ${template}: only {name} variables are supported`);
  const variables = [...template.matchAll(VARIABLE)].map((m) => m[1]!);
  const literal = template.split(VARIABLE).filter((_, i) => i % 2 === 0);
  const pattern = new RegExp(`^${literal.map(escape).join('([^/?#]+)')}$`);
  return {
    variables,
    match(uri) {
      const m = pattern.exec(uri);
      if (!m) return null;
      const values: Record<string, string> = {};
      try {
        variables.forEach((name, i) => (values[name] = decodeURIComponent(m[i + 1]!)));
      } catch {
        return null;
      }
      return values;
    },
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A template variable that names a record by numeric id. Anything else names no record, so the
 * read answers like a missing one (resource not found), not like a server fault.
 */
export function templateId(value: string, what: string): number {
  const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw notFound(what, value);
  return id;
}

/** The URI `template` names with `values` bound: the inverse of match(). */
export function expandUriTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(VARIABLE, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
}
