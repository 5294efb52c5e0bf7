import { sql, type SetupContext } from '../../../core/index.js';
import { ChannelError } from '../channel/channel-error.js';
import type { SandboxAuthorize } from '../sandbox/sandbox-control-routes.js';

/**
 * Who may drive a sandbox session on the main server: the shop that owns it, by its API token
 * (`Authorization: Bearer …`). Another shop's session answers like an unknown one, so a token
 * never learns which session keys exist elsewhere.
 */
export function shopSessionAuthorizer(setup: Pick<SetupContext, 'rootEm' | 'authenticate'>): SandboxAuthorize {
  return async (request, sessionKey) => {
    const auth = await setup.authenticate(request);
    if (!auth.shop && auth.status === 429)
      return new ChannelError('rate_limited', auth.message, { retry_after_seconds: auth.retryAfterSeconds });
    if (!auth.shop)
      return new ChannelError(
        'unauthorized',
        'invalid or missing Bearer token: send the shop API token as Authorization: Bearer <API_TOKEN>',
      );
    const { shop } = auth;
    const owned = await sql(setup.rootEm, 'select 1 from chatapp_sessions where session_key = $1 and shop_id = $2', [
      sessionKey,
      shop.id,
    ]);
    return owned.length > 0 ? null : new ChannelError('session_not_found', `session ${sessionKey} was not found`);
  };
}
