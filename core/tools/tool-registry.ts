import { KernelError } from '../errors/kernel-error.js';
import type { ToolDefinition } from '../plugin/plugin-types.js';
import { registerTool, type RegisteredTool } from './registered-tool.js';

const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Every tool of every enabled group. Filled during boot, then sealed: the serialized tools/list
 * pages are serialized and UTF-8 encoded once there, so listing tools costs a buffer copy per request.
 */
export class ToolRegistry {
  private readonly tools = new Map<string, RegisteredTool>();
  private pages: Buffer[] = [];
  private pageSize = 1;
  private sealed = false;

  add(group: string, definition: ToolDefinition): void {
    if (this.sealed) throw new Error('tool registry is sealed');
    checkDefinition(group, definition);
    const existing = this.tools.get(definition.name);
    if (existing) {
      throw new KernelError(
        'KRN_ERR_DUPLICATE_TOOL',
        `tool "${definition.name}" is declared by groups "${existing.group}" and "${group}"`,
        {
          tool: definition.name,
          groups: [existing.group, group],
        },
      );
    }
    this.tools.set(definition.name, registerTool(group, definition));
  }

  /** pageSize 0 puts every tool on one page: many clients never follow cursors. */
  seal(pageSize: number): void {
    const descriptors = [...this.tools.values()].map((t) => t.descriptor);
    const size = pageSize > 0 ? pageSize : Math.max(descriptors.length, 1);
    this.pageSize = size;
    this.pages = [];
    for (let start = 0; start === 0 || start < descriptors.length; start += size) {
      const next = start + size < descriptors.length ? encodeCursor(start + size) : undefined;
      this.pages.push(
        Buffer.from(
          JSON.stringify({ tools: descriptors.slice(start, start + size), ...(next && { nextCursor: next }) }),
        ),
      );
    }
    this.sealed = true;
  }

  get(name: string): RegisteredTool | undefined {
    return this.tools.get(name);
  }

  all(): RegisteredTool[] {
    return [...this.tools.values()];
  }

  /** The serialized tools/list result for a cursor, or undefined when the cursor is not one of ours. */
  page(cursor?: string): Buffer | undefined {
    if (cursor === undefined) return this.pages[0];
    const offset = decodeCursor(cursor);
    if (offset === undefined) return undefined;
    const index = offset / this.pageSize;
    return Number.isInteger(index) && index > 0 ? this.pages[index] : undefined;
  }
}

const encodeCursor = (offset: number) => Buffer.from(`tools:${offset}`).toString('base64url');

function decodeCursor(cursor: string): number | undefined {
  const match = /^tools:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

function checkDefinition(group: string, tool: ToolDefinition): void {
  const fail = (why: string) => {
    throw new KernelError('KRN_ERR_TOOL_INVALID', `tool "${tool.name}" of group "${group}" ${why}`, {
      tool: tool.name,
      group,
    });
  };
  if (!TOOL_NAME.test(tool.name ?? '')) fail('must be named in snake_case, matching ^[a-z][a-z0-9_]{0,63}$');
  if (!tool.title || !tool.description) fail('needs a title and a description');
  if (tool.kind !== 'query' && tool.kind !== 'mutation') fail('needs kind "query" or "mutation"');
  if (tool.input?.type !== 'object') fail('needs an input schema made with Type.Object');
  for (const reserved of ['action', 'confirm', 'confirmation_token']) {
    if (reserved in tool.input.properties) fail(`must not declare "${reserved}" in its input: the kernel adds it`);
  }
  const confirmation = tool.confirmation ?? 'none';
  if (confirmation !== 'none' && tool.kind !== 'mutation') fail('asks for confirmation but is a query');
  if (confirmation !== 'none' && typeof tool.summary !== 'function') fail('asks for confirmation but has no summary');
  if (typeof tool.handler !== 'function') fail('has no handler');
}
