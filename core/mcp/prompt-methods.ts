import { JsonRpcError, RpcCode } from '../errors/json-rpc-error.js';
import type { ShopContext } from '../plugin/plugin-types.js';
import type { ShopScope } from '../tools/shop-scope.js';
import type { PromptRegistry } from './prompt-registry.js';
import { seesGroup, type TokenGrant } from '../auth/token-grant.js';
import { outOfScope } from './out-of-scope.js';

/** prompts/list and prompts/get. Arguments are strings (MCP says so); required ones are checked here. */
export class PromptMethods {
  private readonly listing: string;

  constructor(
    private readonly prompts: PromptRegistry,
    private readonly scope: ShopScope,
  ) {
    this.listing = JSON.stringify({ prompts: prompts.list() });
  }

  list(grant: TokenGrant): string {
    if (grant.groups === null) return this.listing;
    return JSON.stringify({ prompts: this.prompts.list((group) => seesGroup(grant, group)) });
  }

  async get(shop: ShopContext, params: Record<string, unknown>, requestId: string, grant: TokenGrant): Promise<string> {
    const entry = typeof params.name === 'string' ? this.prompts.get(params.name) : undefined;
    if (!entry)
      throw new JsonRpcError(
        RpcCode.INVALID_PARAMS,
        typeof params.name === 'string'
          ? `Invalid params: unknown prompt ${params.name}`
          : 'Invalid params: prompts/get needs params.name (string)',
      );
    if (!seesGroup(grant, entry.group)) throw outOfScope(`prompt ${entry.definition.name}`, entry.group);
    const args = stringArguments(params.arguments);
    const missing = (entry.definition.arguments ?? []).filter((a) => a.required && !args[a.name]?.trim());
    if (missing.length > 0)
      throw new JsonRpcError(
        RpcCode.INVALID_PARAMS,
        `Invalid params: prompt ${entry.definition.name} needs ${missing.map((a) => a.name).join(', ')}`,
      );
    const result = await this.scope.run(shop, (ctx) => entry.definition.get(args, ctx), {
      group: entry.group,
      requestId,
    });
    return JSON.stringify({
      description: result.description ?? entry.definition.description,
      messages: result.messages,
    });
  }
}

/** MCP prompt (and completion context) arguments: an object of strings. */
export function stringArguments(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new JsonRpcError(RpcCode.INVALID_PARAMS, 'Invalid params: arguments must be an object of strings');
  for (const [name, v] of Object.entries(value))
    if (typeof v !== 'string')
      throw new JsonRpcError(RpcCode.INVALID_PARAMS, `Invalid params: argument ${name} must be a string`);
  return value as Record<string, string>;
}
