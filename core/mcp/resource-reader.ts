import { JsonRpcError, RpcCode } from '../errors/json-rpc-error.js';
import { ToolError } from '../errors/tool-error.js';
import type { ShopContext } from '../plugin/plugin-types.js';
import type { ResourceRegistry } from '../resources/resource-registry.js';
import type { ShopScope } from '../tools/shop-scope.js';
import { resourceBody, type ResourceBody } from './content.js';
import { seesGroup, type TokenGrant } from '../auth/token-grant.js';
import { outOfScope } from './out-of-scope.js';

/** resources/read: a fixed resource, else the template the URI fits; a missing record is -32002. */
export class ResourceReader {
  constructor(
    private readonly resources: ResourceRegistry,
    private readonly scope: ShopScope,
  ) {}

  async read(shop: ShopContext, uri: unknown, requestId: string, grant: TokenGrant): Promise<string> {
    if (typeof uri !== 'string')
      throw new JsonRpcError(RpcCode.INVALID_PARAMS, 'Invalid params: resources/read needs params.uri (string)');
    const resource = this.resources.resolve(uri);
    if (!resource) throw notFound(uri, `Resource not found: ${uri}`);
    if (!seesGroup(grant, resource.group)) throw outOfScope(`resource ${uri}`, resource.group);
    try {
      const data = await this.scope.run(shop, resource.read, { group: resource.group, requestId });
      return JSON.stringify({ contents: [bodyOf(uri, resource.mimeType, data)] });
    } catch (err) {
      if (err instanceof ToolError && err.code === 'not_found') throw notFound(uri, err.message);
      throw err;
    }
  }
}

const notFound = (uri: string, message: string) => new JsonRpcError(RpcCode.RESOURCE_NOT_FOUND, message, { uri });

function bodyOf(uri: string, mimeType: string, data: unknown): ResourceBody {
  if (Buffer.isBuffer(data)) return resourceBody(uri, mimeType, data);
  if (mimeType === 'application/json') return resourceBody(uri, mimeType, JSON.stringify(data));
  return resourceBody(uri, mimeType, String(data));
}
