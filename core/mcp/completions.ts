import { JsonRpcError, RpcCode } from '../errors/json-rpc-error.js';
import type { Completer, ShopContext } from '../plugin/plugin-types.js';
import type { ResourceRegistry } from '../resources/resource-registry.js';
import type { ShopScope } from '../tools/shop-scope.js';
import type { PromptRegistry } from './prompt-registry.js';
import { stringArguments } from './prompt-methods.js';
import { seesGroup, type TokenGrant } from '../auth/token-grant.js';
import { outOfScope } from './out-of-scope.js';

/** MCP caps a completion at 100 values. */
const MAX_VALUES = 100;

/**
 * completion/complete for prompt arguments and resource-template variables. An argument without a
 * completer completes to nothing (a valid answer); an unknown prompt or template is an error.
 */
export class Completions {
  constructor(
    private readonly prompts: PromptRegistry,
    private readonly resources: ResourceRegistry,
    private readonly scope: ShopScope,
  ) {}

  async complete(
    shop: ShopContext,
    params: Record<string, unknown>,
    requestId: string,
    grant: TokenGrant,
  ): Promise<string> {
    const ref = params.ref as { type?: unknown; name?: unknown; uri?: unknown } | undefined;
    const argument = params.argument as { name?: unknown; value?: unknown } | undefined;
    if (typeof argument?.name !== 'string' || typeof argument.value !== 'string')
      throw invalid('completion/complete needs argument.name and argument.value (strings)');
    const context = stringArguments((params.context as { arguments?: unknown } | undefined)?.arguments);
    const { group, completer } = this.completerFor(ref, argument.name);
    if (!seesGroup(grant, group)) throw outOfScope('this completion', group);
    const values = completer
      ? await this.scope.run(shop, (ctx) => completer(argument.value as string, ctx, context), { group, requestId })
      : [];
    return JSON.stringify({
      completion: { values: values.slice(0, MAX_VALUES), total: values.length, hasMore: values.length > MAX_VALUES },
    });
  }

  private completerFor(
    ref: { type?: unknown; name?: unknown; uri?: unknown } | undefined,
    argument: string,
  ): { group: string; completer?: Completer } {
    if (ref?.type === 'ref/prompt' && typeof ref.name === 'string') {
      const entry = this.prompts.get(ref.name);
      if (!entry) throw invalid(`unknown prompt ${ref.name}`);
      return {
        group: entry.group,
        completer: entry.definition.arguments?.find((a) => a.name === argument)?.complete,
      };
    }
    if (ref?.type === 'ref/resource' && typeof ref.uri === 'string') {
      const entry = this.resources.template(ref.uri);
      if (!entry) throw invalid(`unknown resource template ${ref.uri}`);
      return { group: entry.group, completer: entry.definition.complete?.[argument] };
    }
    throw invalid('ref must be {type: "ref/prompt", name} or {type: "ref/resource", uri}');
  }
}

const invalid = (message: string) => new JsonRpcError(RpcCode.INVALID_PARAMS, `Invalid params: ${message}`);
