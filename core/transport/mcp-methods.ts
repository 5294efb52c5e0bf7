import type { ShopContext } from '../plugin/plugin-types.js';
import { JsonRpcError, RpcCode } from '../errors/json-rpc-error.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { ToolInvoker } from '../tools/tool-invoker.js';
import type { ResourceRegistry } from '../resources/resource-registry.js';
import type { ShopScope } from '../tools/shop-scope.js';
import type { RawJson, RpcRequest } from './json-rpc.js';
import { negotiate, type ProtocolVersion } from './protocol-version.js';

/**
 * The MCP methods. Each returns its result already serialized, so cached results (the
 * initialize answer, tools/list pages) are written out without being serialized again.
 */
export class McpMethods {
  private readonly resourceList: string;

  constructor(
    private readonly registry: ToolRegistry,
    private readonly invoker: ToolInvoker,
    private readonly resources: ResourceRegistry,
    private readonly scope: ShopScope,
    private readonly initializeResult: (version: ProtocolVersion) => string,
  ) {
    this.resourceList = JSON.stringify({ resources: resources.list() });
  }

  /**
   * `shop` is null only for initialize, the one method that needs no token. `version` is the
   * revision the request carries in MCP-Protocol-Version (the base revision when it has none).
   */
  async handle(
    request: RpcRequest,
    shop: ShopContext | null,
    requestId: string,
    version: ProtocolVersion,
  ): Promise<RawJson> {
    const { method, params } = request;
    if (method === 'initialize') {
      if (typeof params.protocolVersion !== 'string') {
        throw new JsonRpcError(
          RpcCode.INVALID_PARAMS,
          'Invalid params: initialize needs params.protocolVersion (string)',
        );
      }
      return this.initializeResult(negotiate(params.protocolVersion));
    }
    if (!shop) throw new Error('authenticated method reached without a shop');
    switch (method) {
      case 'ping':
        return '{}';
      case 'tools/list':
        return this.listTools(params.cursor, version);
      case 'tools/call':
        return this.callTool(shop, params, requestId);
      case 'resources/list':
        return this.resourceList;
      case 'resources/read':
        return this.readResource(shop, params.uri, requestId);
      default:
        throw new JsonRpcError(RpcCode.METHOD_NOT_FOUND, `Method not found: ${method}`);
    }
  }

  private listTools(cursor: unknown, version: ProtocolVersion): Buffer {
    if (cursor !== undefined && typeof cursor !== 'string')
      throw new JsonRpcError(RpcCode.INVALID_PARAMS, 'Invalid params: cursor must be a string');
    const page = this.registry.page(cursor, version);
    if (page === undefined) throw new JsonRpcError(RpcCode.INVALID_PARAMS, 'Invalid params: unknown cursor');
    return page;
  }

  private async callTool(shop: ShopContext, params: Record<string, unknown>, requestId: string): Promise<string> {
    if (typeof params.name !== 'string')
      throw new JsonRpcError(RpcCode.INVALID_PARAMS, 'Invalid params: tools/call needs params.name (string)');
    const args = params.arguments;
    if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
      throw new JsonRpcError(RpcCode.INVALID_PARAMS, 'Invalid params: params.arguments must be an object');
    }
    const { payload, isError } = await this.invoker.call(shop, params.name, args, requestId);
    const text = JSON.stringify(payload);
    return `{"content":[{"type":"text","text":${JSON.stringify(text)}}],"structuredContent":${text},"isError":${isError}}`;
  }

  private async readResource(shop: ShopContext, uri: unknown, requestId: string): Promise<string> {
    if (typeof uri !== 'string')
      throw new JsonRpcError(RpcCode.INVALID_PARAMS, 'Invalid params: resources/read needs params.uri (string)');
    const entry = this.resources.get(uri);
    if (!entry) throw new JsonRpcError(RpcCode.RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
    const data = await this.scope.run(shop, (ctx) => entry.definition.read(ctx), { group: entry.group, requestId });
    return JSON.stringify({ contents: [{ uri, mimeType: entry.definition.mimeType, text: JSON.stringify(data) }] });
  }
}
