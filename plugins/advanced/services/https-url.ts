import { invalidArguments, type NetworkGuard } from '../../../core/index.js';

/** A checked URL as it is stored, and what the shop should know about it (a name that does not resolve now). */
export interface CheckedHttpsUrl {
  url: string;
  warning: string | null;
}

/**
 * A URL a shop gives for the server to call (a webhook receiver, a custom function): HTTPS, no
 * credentials in it (the signature authenticates; headers carry keys), and every address it
 * resolves to public. A name that does not resolve right now is accepted with a warning: each call
 * checks it again. Returns it normalised.
 */
export async function checkHttpsUrl(guard: NetworkGuard, raw: string, field: string): Promise<CheckedHttpsUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidArguments(`${field} "${raw}" is not a URL.`, [{ path: field, message: 'not a URL' }]);
  }
  if (url.protocol !== 'https:')
    throw invalidArguments(`${field} must be an HTTPS URL, not ${url.protocol.replace(':', '')}.`, [
      { path: field, message: 'must be https' },
    ]);
  if (url.username || url.password)
    throw invalidArguments(`${field} may not carry a user name or password.`, [
      { path: field, message: 'credentials in the URL' },
    ]);
  const checked = await guard.checkUrl(url);
  return { url: checked.url.href, warning: checked.warning };
}
