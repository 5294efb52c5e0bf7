import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What the interface spec says about one tool. */
export interface SpecTool {
  name: string;
  kind?: 'query' | 'mutation';
  /** Marked (C) in its table. */
  confirmation?: 'agent' | 'user';
  /** The table lists `action*`. */
  actionRequired: boolean;
  /** The action value the table gives (`action* (\`create\`)`), when it gives one. */
  actionValue?: string;
  /** Arguments the table marks with `*`, other than action. */
  requiredArgs: string[];
}

/**
 * The spec lives next to the repository (../shared/spec/interface.md), as docs/decisions.md cites
 * it; SWITCHBOARD_SPEC names another copy. A clone elsewhere has no spec, so the contract test reads
 * the committed extract of its tool catalogue (CATALOGUE_PATH, written by `npm run spec:extract`),
 * and checks the extract against the spec wherever the spec is present.
 */
export const SPEC_PATH =
  process.env.SWITCHBOARD_SPEC ?? fileURLToPath(new URL('../../../shared/spec/interface.md', import.meta.url));

export const CATALOGUE_PATH = fileURLToPath(new URL('./spec-catalogue.json', import.meta.url));

export const specPresent = (path = SPEC_PATH) => existsSync(path);

export function readSpec(path = SPEC_PATH): string {
  if (!existsSync(path))
    throw new Error(`the interface spec was not found at ${path}; set SWITCHBOARD_SPEC to its path`);
  return readFileSync(path, 'utf8');
}

/** The committed extract: the spec's tools by name, in name order. */
export function readCatalogue(path = CATALOGUE_PATH): Map<string, SpecTool> {
  const tools = JSON.parse(readFileSync(path, 'utf8')) as SpecTool[];
  return new Map(tools.map((t) => [t.name, t]));
}

/** The extract's content for a parsed catalogue: the tools in name order. */
export function catalogueEntries(tools: Map<string, SpecTool>): SpecTool[] {
  return [...tools.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Every tool the spec's tool catalogue names: the rows of its tables (kind, (C), action*, required
 * arguments) and the names in its prose lists ("Other mass_marketing tools (kind in parentheses):
 * …", "Tools referenced by name elsewhere: …").
 */
export function parseSpecCatalogue(text: string): Map<string, SpecTool> {
  const section = catalogueSection(text);
  const tools = new Map<string, SpecTool>();
  for (const line of section.split('\n')) {
    if (line.startsWith('|')) {
      const row = parseRow(line);
      if (row) tools.set(row.name, row);
    } else if (/^(Other \S+ tools|Tools referenced by name elsewhere)/.test(line)) {
      for (const entry of parseNameList(line)) if (!tools.has(entry.name)) tools.set(entry.name, entry);
    }
  }
  for (const name of userConfirmed(text)) {
    const tool = tools.get(name);
    if (!tool?.confirmation) throw new Error(`the spec says ${name} is confirmed by the user, but no (C) row names it`);
    tool.confirmation = 'user';
  }
  return tools;
}

function catalogueSection(text: string): string {
  const start = text.indexOf('### Tool catalogue');
  if (start < 0) throw new Error('the spec has no "### Tool catalogue" section');
  const rest = text.slice(start + 1);
  const end = rest.search(/\n##{1,2} (?!#)/);
  return end < 0 ? rest : rest.slice(0, end);
}

const KINDS = { Q: 'query', M: 'mutation' } as const;

function parseRow(line: string): SpecTool | undefined {
  const cells = line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());
  const head = /^([a-z][a-z0-9_]*)( \(C\))?$/.exec(cells[0] ?? '');
  const kind = KINDS[cells[1] as keyof typeof KINDS];
  if (cells.length !== 3 || !head || !kind) return undefined;
  const args = cells[2]!;
  const required = [...args.matchAll(/(?:^|[\s,(;])([a-z][a-zA-Z0-9_]*)\*/g)].map((m) => m[1]!);
  const actionValue = /action\* \(`([a-z_]+)`\)/.exec(args)?.[1];
  return {
    name: head[1]!,
    kind,
    ...(head[2] && { confirmation: 'agent' as const }),
    actionRequired: required.includes('action'),
    ...(actionValue && { actionValue }),
    requiredArgs: required.filter((a) => a !== 'action'),
  };
}

/** "name (Q), name (M; arguments …), …" up to the first full stop after the colon. */
function parseNameList(line: string): SpecTool[] {
  const list = stripParentheses(line.slice(line.indexOf(':') + 1)).split(/\.(\s|$)/)[0]!;
  const kinds = new Map(
    [...line.matchAll(/([a-z][a-z0-9_]*) \(([QM])[);,]/g)].map((m) => [m[1]!, KINDS[m[2] as 'Q' | 'M']]),
  );
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^[a-z][a-z0-9_]*$/.test(s))
    .map((name) => ({
      name,
      ...(kinds.has(name) && { kind: kinds.get(name) }),
      actionRequired: false,
      requiredArgs: [],
    }));
}

function stripParentheses(s: string): string {
  let out = '';
  let depth = 0;
  for (const c of s) {
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += c;
  }
  return out;
}

/** "For bulk_delete_workflows and configure_webhooks the calling client is told to stop …". */
function userConfirmed(text: string): string[] {
  const m = /For ([a-z0-9_, ]+?) the calling client is told to stop/.exec(text);
  if (!m)
    throw new Error('the spec no longer says which tools the user confirms ("the calling client is told to stop")');
  return m[1]!
    .split(/,\s*|\s+and\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
