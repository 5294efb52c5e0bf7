import type { ShopContext } from '../plugin/plugin-types.js';
import { JsonRpcError, RpcCode } from '../errors/json-rpc-error.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { ToolInvoker } from '../tools/tool-invoker.js';
import type { ResourceRegistry } from '../resources/resource-registry.js';
import type { ResourceReader } from '../mcp/resource-reader.js';
import type { ResourceSubscriptions } from '../resources/resource-subscriptions.js';
import type { PromptMethods } from '../mcp/prompt-methods.js';
import type { Completions } from '../mcp/completions.js';
import type { ReporterSource } from '../mcp/call-reporter.js';
import { contentOf } from '../mcp/content.js';
import { isLogLevel, LOG_LEVELS, type LogLevel } from '../mcp/log-level.js';
import type { RawJson, RpcRequest } from './json-rpc.js';
import { negotiate, type ProtocolVersion } from './protocol-version.js';
import { seesGroup, type TokenGrant } from '../auth/token-grant.js';

interface AuthenticatedCall {
  shop: ShopContext;
  grant: TokenGrant;
  params: Record<string, unknown>;
  requestId: string;
  version: ProtocolVersion;
  stream?: ReporterSource;
  note?: CallNote;
  /** The client's session (Mcp-Session-Id), when it has one. */
  sessionKey?: string;
}

/** What tools/call tells the request's log line: the tool it ran and how the call ended. */
export interface CallNote {
  tool?: string;
  outcome?: string;
}

export interface McpParts {
  registry: ToolRegistry;
  invoker: ToolInvoker;
  resources: ResourceRegistry;
  reader: ResourceReader;
  subscriptions: ResourceSubscriptions;
  prompts: PromptMethods;
  completions: Completions;
  initializeResult: (version: ProtocolVersion) => string;
  setLogLevel: (shopId: number, level: LogLevel) => Promise<void>;
}

/**
 * The MCP methods. Each returns its result already serialized, so cached results (the
 * initialize answer, tools/list pages) are written out without being serialized again.
 */
export class McpMethods {
  private readonly resourceList: string;
  private readonly templateList: string;

  constructor(private readonly parts: McpParts) {
    this.resourceList = JSON.stringify({ resources: parts.resources.list() });
    this.templateList = JSON.stringify({ resourceTemplates: parts.resources.listTemplates() });
  }

  /**
   * `shop` is null only for initialize, the one method that needs no token. `version` is the
   * revision the request carries in MCP-Protocol-Version (the base revision when it has none).
   * `stream`: the request's stream, when its client can hear notifications; `note` is filled in for
   * the request's log line; `sessionKey`: the client's session, when it sent one. Not async: a
   * method that answers at once (ping, a cached list) returns its answer without a promise, and
   * one that fails at once throws, which the caller's await catches alike.
   */
  handle(
    request: RpcRequest,
    shop: ShopContext | null,
    grant: TokenGrant,
    requestId: string,
    version: ProtocolVersion,
    stream?: ReporterSource,
    note?: CallNote,
    sessionKey?: string,
  ): RawJson | Promise<RawJson> {
    const { method, params } = request;
    if (method === 'initialize') {
      if (typeof params.protocolVersion !== 'string') {
        throw new JsonRpcError(
          RpcCode.INVALID_PARAMS,
          'Invalid params: initialize needs params.protocolVersion (string)',
        );
      }
      return this.parts.initializeResult(negotiate(params.protocolVersion));
    }
    if (!shop) throw new Error('authenticated method reached without a shop');
    if (!this.knows(method)) throw new JsonRpcError(RpcCode.METHOD_NOT_FOUND, `Method not found: ${method}`);
    return this.methods[method]!({ shop, grant, params, requestId, version, stream, note, sessionKey });
  }

  /** Whether `method` is one this server answers (the metrics label every other name `unknown`). */
  knows(method: string): boolean {
    return method === 'initialize' || Object.hasOwn(this.methods, method);
  }

  /** Every method but initialize, which needs no shop. */
  private readonly methods: Record<string, (call: AuthenticatedCall) => RawJson | Promise<RawJson>> = {
    ping: () => '{}',
    'tools/list': ({ params, version, grant }) => this.listTools(params.cursor, version, grant),
    'tools/call': ({ shop, grant, params, requestId, stream, note }) =>
      this.callTool(shop, grant, params, requestId, stream, note),
    'resources/list': ({ grant }) =>
      grant.groups === null
        ? this.resourceList
        : JSON.stringify({ resources: this.parts.resources.list((group) => seesGroup(grant, group)) }),
    'resources/templates/list': ({ grant }) =>
      grant.groups === null
        ? this.templateList
        : JSON.stringify({
            resourceTemplates: this.parts.resources.listTemplates((group) => seesGroup(grant, group)),
          }),
    'resources/read': ({ shop, params, requestId, grant }) =>
      this.parts.reader.read(shop, params.uri, requestId, grant),
    'resources/subscribe': ({ shop, params, requestId, grant, sessionKey }) =>
      this.parts.subscriptions.subscribe(shop, sessionKey, params.uri, requestId, grant),
    'resources/unsubscribe': ({ shop, params, sessionKey }) =>
      this.parts.subscriptions.unsubscribe(shop, sessionKey, params.uri),
    'prompts/list': ({ grant }) => this.parts.prompts.list(grant),
    'prompts/get': ({ shop, params, requestId, grant }) => this.parts.prompts.get(shop, params, requestId, grant),
    'completion/complete': ({ shop, params, requestId, grant }) =>
      this.parts.completions.complete(shop, params, requestId, grant),
    'logging/setLevel': async ({ shop, params }) => {
      if (!isLogLevel(params.level))
        throw new JsonRpcError(RpcCode.INVALID_PARAMS, `Invalid params: level must be one of ${LOG_LEVELS.join(', ')}`);
      await this.parts.setLogLevel(shop.id, params.level);
      return '{}';
    },
  };

  private listTools(cursor: unknown, version: ProtocolVersion, grant: TokenGrant): Buffer {
    if (cursor !== undefined && typeof cursor !== 'string')
      throw new JsonRpcError(RpcCode.INVALID_PARAMS, 'Invalid params: cursor must be a string');
    const page = this.parts.registry.page(cursor, version, grant);
    if (page === undefined) throw new JsonRpcError(RpcCode.INVALID_PARAMS, 'Invalid params: unknown cursor');
    return page;
  }

  private async callTool(
    shop: ShopContext,
    grant: TokenGrant,
    params: Record<string, unknown>,
    requestId: string,
    stream?: ReporterSource,
    note?: CallNote,
  ): Promise<string> {
    if (typeof params.name !== 'string')
      throw new JsonRpcError(RpcCode.INVALID_PARAMS, 'Invalid params: tools/call needs params.name (string)');
    const args = params.arguments;
    if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
      throw new JsonRpcError(RpcCode.INVALID_PARAMS, 'Invalid params: params.arguments must be an object');
    }
    const { payload, isError, ended } = await this.parts.invoker.call(
      shop,
      params.name,
      args,
      requestId,
      stream,
      grant,
    );
    if (note) {
      note.tool = params.name;
      note.outcome = ended;
    }
    const text = JSON.stringify(payload);
    const extra = contentOf(payload).map((block) => `,${JSON.stringify(block)}`);
    return `{"content":[{"type":"text","text":${JSON.stringify(text)}}${extra.join('')}],"structuredContent":${text},"isError":${isError}}`;
  }
}
