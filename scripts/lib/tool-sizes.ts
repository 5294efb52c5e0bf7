import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { countTokens } from 'gpt-tokenizer';
import { MAIN_TOKEN, narrowTo, type TokenGrant } from '../../core/auth/token-grant.js';
import type { ToolRegistry } from '../../core/tools/tool-registry.js';
import { BROTLI_QUALITY, GZIP_LEVEL } from '../../core/transport/content-encoding.js';

/** What one view of the tools (all of them, or a subset) costs a client. */
export interface ToolListSize {
  tools: number;
  /** tools/list result bytes for a 2025-03-26 client (no titles, no output schemas). */
  base: number;
  /** tools/list result bytes from 2025-06-18 on (with output schemas). */
  withOutput: number;
  /** The 2025-06-18+ answer compressed with the server's settings. */
  gzip: number;
  brotli: number;
  /** What a model is shown: names, descriptions and input schemas, in tokens (see TOKEN_ESTIMATOR). */
  shownTokens: number;
  shownBytes: number;
  /** Of shownTokens: the tools' descriptions, and their arguments' (as JSON strings, quotes included). */
  toolDescriptionTokens: number;
  argumentDescriptionTokens: number;
}

export const TOKEN_ESTIMATOR =
  'gpt-tokenizer o200k_base (GPT-4o/GPT-5) over each tool as JSON {name, description, inputSchema}';

/** The sizes of what a grant (the main token, or a group subset) is listed; one page holds every tool. */
export function measure(registry: ToolRegistry, grant: TokenGrant = MAIN_TOKEN): ToolListSize {
  const base = registry.page(undefined, '2025-03-26', grant)!;
  const withOutput = registry.page(undefined, '2025-06-18', grant)!;
  const { tools } = JSON.parse(base.toString('utf8')) as {
    tools: { name: string; description: string; inputSchema: unknown }[];
  };
  let shownTokens = 0;
  let shownBytes = 0;
  let toolDescriptionTokens = 0;
  let argumentDescriptionTokens = 0;
  for (const { name, description, inputSchema } of tools) {
    const shown = JSON.stringify({ name, description, inputSchema });
    shownTokens += countTokens(shown);
    shownBytes += Buffer.byteLength(shown);
    toolDescriptionTokens += countTokens(JSON.stringify(description));
    for (const text of descriptionsBelow(inputSchema)) argumentDescriptionTokens += countTokens(JSON.stringify(text));
  }
  return {
    tools: tools.length,
    base: base.length,
    withOutput: withOutput.length,
    gzip: gzipSync(withOutput, { level: GZIP_LEVEL }).length,
    brotli: brotliCompressSync(withOutput, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }).length,
    shownTokens,
    shownBytes,
    toolDescriptionTokens,
    argumentDescriptionTokens,
  };
}

/** Every description inside a schema below its root. */
function descriptionsBelow(schema: unknown, top = true): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const own = !top && typeof (schema as { description?: unknown }).description === 'string';
  const children = Object.entries(schema).flatMap(([key, value]) =>
    key === 'properties' && typeof value === 'object' && value !== null
      ? Object.values(value).flatMap((s) => descriptionsBelow(s, false))
      : key === 'enum' || key === 'const' || key === 'default' || key === 'description'
        ? []
        : Array.isArray(value)
          ? value.flatMap((s) => descriptionsBelow(s, false))
          : descriptionsBelow(value, false),
  );
  return own ? [(schema as { description: string }).description, ...children] : children;
}

/** The same figures for the tools of some groups only (a /g/<groups>/ URL). */
export const measureGroups = (registry: ToolRegistry, groups: readonly string[]) =>
  measure(registry, narrowTo(MAIN_TOKEN, new Set(groups)));
