import { KernelError } from '../errors/kernel-error.js';
import type { RegisteredTool, ToolDescriptor } from './registered-tool.js';
import { SUBSCHEMA, SUBSCHEMA_LISTS } from './compact-schema.js';

type Schema = Record<string, unknown>;

/** What the kernel adds to a tool's arguments: described by the kernel, the same in every tool. */
const KERNEL_ARGUMENTS = new Set(['action', 'confirm', 'confirmation_token']);

/**
 * The published descriptors of the tools that name another whose arguments theirs mean the same
 * (`argumentsAsIn`: update_campaign → create_campaign), each argument described as that tool
 * describes it left undescribed here, and the tool's description saying where to read it. The
 * same sentences in a create and update pair were some 2,100 tokens of tools/list. The named tool
 * is in the same group and listed to every token this one is (a query's, a query), so a model
 * always has it beside this one.
 */
export function describeArgumentsOnce(tools: RegisteredTool[]): Map<string, ToolDescriptor> {
  const byName = new Map(tools.map((t) => [t.definition.name, t]));
  const descriptors = new Map<string, ToolDescriptor>();
  for (const tool of tools) {
    const source = tool.definition.argumentsAsIn;
    if (source === undefined) continue;
    const named = byName.get(source);
    const fail = (why: string) => {
      throw new KernelError('KRN_ERR_TOOL_INVALID', `tool "${tool.definition.name}" ${why}`, {
        tool: tool.definition.name,
        group: tool.group,
      });
    };
    if (!named || named.group !== tool.group) fail(`names argumentsAsIn "${source}", not a tool of its group`);
    if (tool.definition.kind === 'query' && named!.definition.kind !== 'query')
      fail(`is a query and names argumentsAsIn "${source}", a mutation that read-only tokens are not listed`);
    const inputSchema = structuredClone(tool.descriptor.inputSchema) as unknown as Schema;
    const mine = inputSchema.properties as Record<string, Schema>;
    const theirs = (named!.descriptor.inputSchema as unknown as Schema).properties as Record<string, Schema>;
    let stripped = false;
    for (const [name, schema] of Object.entries(mine))
      if (name in theirs && !KERNEL_ARGUMENTS.has(name))
        stripped = withoutSameDescriptions(schema, theirs[name]!) || stripped;
    if (!stripped) continue;
    descriptors.set(tool.definition.name, {
      ...tool.descriptor,
      description: `${tool.descriptor.description} Arguments as in ${source}.`,
      inputSchema: inputSchema as unknown as ToolDescriptor['inputSchema'],
    });
  }
  return descriptors;
}

/** Removes from `schema`, in place, each description that `other` gives at the same place; whether any was. */
function withoutSameDescriptions(schema: Schema, other: Schema): boolean {
  let stripped = false;
  if (typeof schema.description === 'string' && schema.description === other.description) {
    delete schema.description;
    stripped = true;
  }
  const below = (mine: unknown, theirs: unknown) =>
    typeof mine === 'object' && mine !== null && typeof theirs === 'object' && theirs !== null
      ? withoutSameDescriptions(mine as Schema, theirs as Schema)
      : false;
  for (const key of SUBSCHEMA) stripped = below(schema[key], other[key]) || stripped;
  for (const key of SUBSCHEMA_LISTS) {
    const [mine, theirs] = [schema[key], other[key]];
    if (Array.isArray(mine) && Array.isArray(theirs) && mine.length === theirs.length)
      mine.forEach((s, i) => (stripped = below(s, theirs[i]) || stripped));
  }
  const [mine, theirs] = [schema.properties as Schema | undefined, other.properties as Schema | undefined];
  if (mine && theirs) for (const name of Object.keys(mine)) stripped = below(mine[name], theirs[name]) || stripped;
  return stripped;
}
