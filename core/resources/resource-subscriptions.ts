import { JsonRpcError, RpcCode } from '../errors/json-rpc-error.js';
import type { ShopContext } from '../plugin/plugin-types.js';
import type { TokenGrant } from '../auth/token-grant.js';
import type { ResourceReader } from '../mcp/resource-reader.js';
import { resourceTopic, type SessionNotices } from '../mcp/session-notices.js';

/**
 * resources/subscribe and resources/unsubscribe. A subscription belongs to the client's session
 * and its shop: the change of a record reaches only sessions of the shop that owns it, since a
 * URI like shop://tickets/7 names a different record in every shop.
 */
export class ResourceSubscriptions {
  constructor(
    private readonly reader: ResourceReader,
    private readonly notices: SessionNotices,
  ) {}

  /** Only a resource the shop can read can be subscribed to: another shop's record is not found. */
  async subscribe(
    shop: ShopContext,
    sessionKey: string | undefined,
    uri: unknown,
    requestId: string,
    grant: TokenGrant,
  ): Promise<string> {
    const key = sessionOf(sessionKey, 'resources/subscribe');
    await this.reader.read(shop, uriOf(uri, 'resources/subscribe'), requestId, grant);
    await this.notices.subscribe(shop.id, key, resourceTopic(uri as string));
    return '{}';
  }

  async unsubscribe(shop: ShopContext, sessionKey: string | undefined, uri: unknown): Promise<string> {
    const key = sessionOf(sessionKey, 'resources/unsubscribe');
    await this.notices.unsubscribe(shop.id, key, resourceTopic(uriOf(uri, 'resources/unsubscribe')));
    return '{}';
  }
}

function uriOf(uri: unknown, method: string): string {
  if (typeof uri !== 'string')
    throw new JsonRpcError(RpcCode.INVALID_PARAMS, `Invalid params: ${method} needs params.uri (string)`);
  return uri;
}

/** Updates go to a session's standing stream, so a client without a session has nowhere to hear them. */
function sessionOf(sessionKey: string | undefined, method: string): string {
  if (sessionKey === undefined)
    throw new JsonRpcError(
      RpcCode.INVALID_REQUEST,
      `${method} needs the Mcp-Session-Id header the server gave at initialize: updates are sent on that session's stream`,
    );
  return sessionKey;
}
