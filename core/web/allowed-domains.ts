import { invalidArguments } from '../errors/tool-error.js';

const HOST = /^(\*\.)?(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
export const DOMAINS_MAX = 50;

/**
 * A shop's list of sites a browser feature may run on (widgets, the web call button), as stored: lower-case hosts or `*.host` wildcards, no scheme, path or port,
 * without repeats. `field` names the argument in errors.
 */
export function normalizeDomains(entries: string[], field: string): string[] {
  const out = new Set<string>();
  entries.forEach((raw, i) => {
    const entry = raw.trim().toLowerCase().replace(/\.$/, '');
    if (!HOST.test(entry))
      throw invalidArguments(
        `${field}[${i}] "${raw}" is not a host name: give shop.example or *.shop.example, without scheme, port or path.`,
        [{ path: `${field}.${i}`, message: 'not a host or *.host' }],
      );
    out.add(entry);
  });
  if (out.size > DOMAINS_MAX)
    throw invalidArguments(`${field} lists ${out.size} domains; at most ${DOMAINS_MAX}.`, [
      { path: field, message: `at most ${DOMAINS_MAX}` },
    ]);
  return [...out];
}

/** The host of an `Origin` header value, or null when it is not a web origin. */
export function originHost(origin: string | undefined): string | null {
  if (!origin || origin === 'null') return null;
  try {
    const url = new URL(origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Whether a page on `host` may use the widget: any host when the list is empty (the spec's rule), an
 * exact entry, or a subdomain of a `*.` entry (`*.shop.example` does not cover `shop.example`
 * itself, as with TLS wildcards; list both when both serve the widget).
 */
export function hostAllowed(host: string | null, domains: string[]): boolean {
  if (domains.length === 0) return true;
  if (!host) return false;
  return domains.some((d) => (d.startsWith('*.') ? host.endsWith(d.slice(1)) : host === d));
}

/**
 * The CSP `frame-ancestors` of the widget's page: the listed hosts on any port and scheme, or any
 * site when the list is empty. An iframe load carries no `Origin`, so this is the only check there.
 */
export function frameAncestors(domains: string[]): string {
  if (domains.length === 0) return "frame-ancestors 'self' https: http:";
  return `frame-ancestors 'self' ${domains.flatMap((d) => [`https://${d}:*`, `http://${d}:*`, `https://${d}`, `http://${d}`]).join(' ')}`;
}
