import { KernelError } from '../errors/kernel-error.js';
import type { ToolDefinition } from '../plugin/plugin-types.js';
import { registerTool, type RegisteredTool, type ToolDescriptorWithOutput } from './registered-tool.js';
import { shareRepeatedShapes } from './compact-schema.js';
import { shareRecordsAcrossTools } from './shared-records.js';
import { hasOutputSchemas, type ProtocolVersion } from '../transport/protocol-version.js';
import { grantAllows, grantViewKey, isUnrestricted, type TokenGrant } from '../auth/token-grant.js';

const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

const HINTS = ['readOnly', 'destructive', 'idempotent', 'openWorld'] as const;

/** Filtered views kept serialized; the distinct grants of a deployment are few, URL subsets bounded here. */
const MAX_CACHED_VIEWS = 64;

interface Pages {
  base: Buffer[];
  withOutput: Buffer[];
}

/**
 * Every tool of every enabled group. Filled during boot, then sealed: the tools/list pages are
 * serialized and UTF-8 encoded once there, in the two shapes revisions ask for (with titles and
 * output schemas from 2025-06-18 on), so listing tools costs a buffer copy per request.
 */
export class ToolRegistry {
  private readonly tools = new Map<string, RegisteredTool>();
  private pages: Pages = { base: [], withOutput: [] };
  private readonly views = new Map<string, Pages>();
  /** What 2025-06-18+ clients are listed, per tool: fixed at seal, when every tool's records are known. */
  private withOutput = new Map<string, ToolDescriptorWithOutput>();
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
    const size = pageSize > 0 ? pageSize : Math.max(this.tools.size, 1);
    this.pageSize = size;
    const tools = [...this.tools.values()];
    const outputs = shareRecordsAcrossTools(
      tools.map((t) => ({
        tool: t.definition.name,
        group: t.group,
        query: t.definition.kind === 'query',
        schema: t.publishedOutput,
      })),
    );
    this.withOutput = new Map(
      tools.map(
        ({
          descriptor: {
            annotations: { title: _, ...hints },
            ...descriptor
          },
          definition,
        }) => [
          definition.name,
          {
            name: descriptor.name,
            title: definition.title,
            description: descriptor.description,
            inputSchema: descriptor.inputSchema,
            outputSchema: shareRepeatedShapes(outputs.get(definition.name)!),
            annotations: hints,
          },
        ],
      ),
    );
    this.pages = this.paginateAll(tools);
    this.sealed = true;
  }

  private paginateAll(tools: RegisteredTool[]): Pages {
    return {
      base: paginate(
        tools.map((t) => t.descriptor),
        this.pageSize,
      ),
      withOutput: paginate(
        tools.map((t) => this.withOutput.get(t.definition.name)!),
        this.pageSize,
      ),
    };
  }

  /** The pages a grant sees: only the tools it may call. */
  private pagesFor(grant: TokenGrant): Pages {
    if (isUnrestricted(grant)) return this.pages;
    const key = grantViewKey(grant);
    let pages = this.views.get(key);
    if (!pages) {
      pages = this.paginateAll(
        [...this.tools.values()].filter((t) => grantAllows(grant, t.group, t.definition.kind === 'mutation')),
      );
      if (this.views.size >= MAX_CACHED_VIEWS) this.views.delete(this.views.keys().next().value!);
      this.views.set(key, pages);
    }
    return pages;
  }

  get(name: string): RegisteredTool | undefined {
    return this.tools.get(name);
  }

  all(): RegisteredTool[] {
    return [...this.tools.values()];
  }

  /** The serialized tools/list result for a cursor, or undefined when the cursor is not one of ours. */
  page(cursor: string | undefined, version: ProtocolVersion, grant: TokenGrant): Buffer | undefined {
    const all = this.pagesFor(grant);
    const pages = hasOutputSchemas(version) ? all.withOutput : all.base;
    if (cursor === undefined) return pages[0];
    const offset = decodeCursor(cursor);
    if (offset === undefined) return undefined;
    const index = offset / this.pageSize;
    return Number.isInteger(index) && index > 0 ? pages[index] : undefined;
  }
}

function paginate(descriptors: object[], size: number): Buffer[] {
  const pages: Buffer[] = [];
  for (let start = 0; start === 0 || start < descriptors.length; start += size) {
    const next = start + size < descriptors.length ? encodeCursor(start + size) : undefined;
    pages.push(
      Buffer.from(JSON.stringify({ tools: descriptors.slice(start, start + size), ...(next && { nextCursor: next }) })),
    );
  }
  return pages;
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
  if (tool.output?.type !== 'object') fail('needs an output schema made with Type.Object');
  const missing = HINTS.filter((hint) => typeof tool.hints?.[hint] !== 'boolean');
  if (missing.length) {
    throw new KernelError(
      'KRN_ERR_TOOL_HINTS',
      `tool "${tool.name}" of group "${group}" must state all four hints (readOnly, destructive, idempotent, openWorld); missing: ${missing.join(', ')}`,
      { tool: tool.name, group, missing },
    );
  }
  if (tool.kind === 'query' && (!tool.hints.readOnly || tool.hints.destructive))
    fail('is a query, so its hints must be readOnly: true and destructive: false');
  if (tool.kind === 'mutation' && tool.hints.readOnly) fail('is a mutation, so its hints must be readOnly: false');
  for (const reserved of ['action', 'confirm', 'confirmation_token']) {
    if (reserved in tool.input.properties) fail(`must not declare "${reserved}" in its input: the kernel adds it`);
  }
  const confirmation = tool.confirmation ?? 'none';
  if (confirmation !== 'none' && tool.kind !== 'mutation') fail('asks for confirmation but is a query');
  if (confirmation !== 'none' && typeof tool.summary !== 'function') fail('asks for confirmation but has no summary');
  if (tool.precheck !== undefined && confirmation === 'none')
    fail('has a precheck but asks for no confirmation: check in the handler');
  if (typeof tool.handler !== 'function') fail('has no handler');
}
