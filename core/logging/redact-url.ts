/** Names of query parameters and route parameters whose values are credentials or grants. */
const SECRET_NAME = /token|key|secret|signature|^sig$|password|code|auth|grant/i;

export const REDACTED = '[redacted]';

/**
 * A URL as it may be logged: the values of secret-named query parameters are replaced, and so are
 * the path segments that `routePattern` (the matched route, `/sandbox/pair/:token`) names with a
 * secret-named parameter. A download link or a pairing link in a log line would otherwise be the
 * grant itself, valid until it expires.
 */
export function redactUrl(url: string, routePattern?: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  return redactPath(path, routePattern) + (queryAt === -1 ? '' : `?${redactQuery(query)}`);
}

function redactPath(path: string, routePattern: string | undefined): string {
  if (!routePattern?.includes(':')) return path;
  const pattern = routePattern.split('/');
  const segments = path.split('/');
  if (pattern.length !== segments.length) return path;
  return segments
    .map((segment, i) => (pattern[i]!.startsWith(':') && SECRET_NAME.test(pattern[i]!.slice(1)) ? REDACTED : segment))
    .join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent; only its value could be a secret.
      }
      return SECRET_NAME.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
}

/** A connection URL as it may be shown: its password, if any, replaced. */
export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = REDACTED;
  return parsed.toString();
}
