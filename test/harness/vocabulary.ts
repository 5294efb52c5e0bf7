import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { RegisteredTool } from '../../core/tools/registered-tool.js';
import { argumentErrors } from '../../core/tools/tool-invoker.js';
import {
  CLOSING_TIME_PATTERN,
  DATE_PATTERN,
  DATE_TIME_PATTERN,
  RANGE_BOUND_PATTERN,
  TIME_OF_DAY_PATTERN,
} from '../../core/util/date-args.js';
import { schemaNodes } from './schema-nodes.js';

/**
 * The vocabulary every tool speaks (docs/decisions.md, "One vocabulary"), as checks over a tool's
 * published input schema and over a group's sources. Each returns what strays, [] when nothing.
 */

/** Names that hold a date or a moment: `*_at`, `*_date`, `*_datetime`, `date_*`, since/until/before/after. */
const DATE_NAME = /(^|_)(at|date|datetime|since|until|before|after)$|^date_/;
/** Names that hold a time of day. */
const TIME_NAME = /(^|_)time$/;
const DATE_PATTERNS = new Set([DATE_TIME_PATTERN, RANGE_BOUND_PATTERN, DATE_PATTERN]);
const TIME_PATTERNS = new Set([TIME_OF_DAY_PATTERN, CLOSING_TIME_PATTERN]);

/** Where the spec fixes a name or a type the vocabulary would choose otherwise: "tool.argument" → why. */
export const SPEC_EXCEPTIONS: Record<string, string> = {
  'create_calendar_event.all_day': 'the spec: all_day (int 0/1, default 0)',
  'create_email_account.is_active': 'the spec: is_active (int 0/1, default 1)',
  'update_email_account.is_active': 'the spec: is_active (int 0/1, default 1)',
  'list_email_accounts.is_active': 'the filter on the spec’s int 0/1 field takes its values',
  'create_email_account.ai_classification_enabled': 'the spec: ai_classification_enabled (int 0/1, default 1)',
  'update_email_account.ai_classification_enabled': 'the spec: ai_classification_enabled (int 0/1, default 1)',
  'assign_email_thread.assign_to': 'the spec: assign_to (int agent id; omit or null unassigns)',
};

/** The one style of an error path: names and indexes joined by dots (`steps.2.params.text`), or `(root)`. */
export const ERROR_PATH = /^(\(root\)|[^./[\]\s][^/[\]\s]*)$/;

const leaf = (path: string) => path.split('.').at(-1)!.replace(/\[\]$/, '');
const exempt = (tool: RegisteredTool, path: string) => SPEC_EXCEPTIONS[`${tool.definition.name}.${path}`];

/** Strings whose pattern is one of the shared ones, found in a schema or in a union's branches. */
function patterns(schema: Record<string, unknown>): string[] {
  const branches = (schema.anyOf ?? schema.oneOf ?? []) as Record<string, unknown>[];
  return [schema, ...branches].flatMap((s) => (typeof s.pattern === 'string' ? [s.pattern] : []));
}

/** A date-ish argument that uses none of the shared date types, or a time of day that is not HH:MM. */
export function dateStrays(tool: RegisteredTool): string[] {
  const strays: string[] = [];
  for (const { path, schema } of schemaNodes(tool.inputSchema as object)) {
    const s = schema as Record<string, unknown>;
    const name = leaf(path);
    const types = [s.type, ...((s.anyOf ?? []) as { type?: unknown }[]).map((b) => b.type)];
    // The spec's "also accepts" arguments (NoEffectArg): taken and never read.
    if (!types.includes('string') || s.noEffect === true) continue;
    const found = patterns(s);
    const at = `${tool.definition.name}.${path}`;
    if (DATE_NAME.test(name) && !found.some((p) => DATE_PATTERNS.has(p)))
      strays.push(`${at}: a date argument without DateTimeArg, RangeBoundArg or DateArg`);
    if (TIME_NAME.test(name) && !found.some((p) => TIME_PATTERNS.has(p)))
      strays.push(`${at}: a time of day without TimeOfDayArg or ClosingTimeArg`);
  }
  return strays;
}

/** Internal documents a model reading a description knows nothing of. */
const INTERNAL_DOCUMENT = /\b(the spec|spec['’]s|interface\.md|decisions\.md|design notes?)\b/i;

/** A tool or argument description that points at an internal document. */
export function descriptionStrays(tool: RegisteredTool): string[] {
  const texts = [
    ['(description)', tool.descriptor.description],
    ...schemaNodes(tool.inputSchema as object).map(({ path, schema }) => [
      path,
      String((schema as { description?: unknown }).description ?? ''),
    ]),
  ];
  return texts
    .filter(([, text]) => INTERNAL_DOCUMENT.test(text!))
    .map(([path]) => `${tool.definition.name}.${path}: mentions an internal document`);
}

/** An integer argument that names a record (its description says "id") under another name than `<thing>_id(s)` or `id`. */
export function idStrays(tool: RegisteredTool): string[] {
  return schemaNodes(tool.inputSchema as object)
    .filter(({ path, schema }) => {
      const s = schema as Record<string, unknown>;
      return (
        s.type === 'integer' &&
        /\bids?\b/i.test(String(s.description ?? '')) &&
        !/(^|_)ids?$/.test(leaf(path)) &&
        !exempt(tool, path)
      );
    })
    .map(({ path }) => `${tool.definition.name}.${path}: an id argument not named <thing>_id`);
}

/** An integer 0/1 used as a flag where a boolean belongs. */
export function flagStrays(tool: RegisteredTool): string[] {
  return schemaNodes(tool.inputSchema as object)
    .filter(({ path, schema }) => {
      const s = schema as Record<string, unknown>;
      return s.type === 'integer' && s.minimum === 0 && s.maximum === 1 && !exempt(tool, path);
    })
    .map(({ path }) => `${tool.definition.name}.${path}: an int 0/1 flag, not a boolean`);
}

/** Schema errors whose path is in another style: each argument given a value of the wrong type. */
export function schemaErrorPathStrays(tool: RegisteredTool): string[] {
  const strays: string[] = [];
  for (const { path } of schemaNodes(tool.inputSchema as object)) {
    if (path.includes('[]')) continue;
    const args: Record<string, unknown> = {};
    let at = args;
    const parts = path.split('.');
    parts.slice(0, -1).forEach((part) => (at = (at[part] = {}) as Record<string, unknown>));
    at[parts.at(-1)!] = [[]];
    for (const e of argumentErrors(tool, args))
      if (!ERROR_PATH.test(e.path)) strays.push(`${tool.definition.name}: schema error path ${JSON.stringify(e.path)}`);
  }
  return [...new Set(strays)];
}

/**
 * Error paths a group writes itself (`{ path: …, message }`) in another style: a leading slash, a
 * slash between names, or brackets around an index.
 */
export function sourcePathStrays(dir: string): string[] {
  const strays: string[] = [];
  const OBJECT = /\{\s*path:\s*([^,{}]+?),\s*message:/g;
  const LITERAL = /'([^'\n]*)'|`([^`\n]*)`/g;
  for (const file of sources(dir)) {
    const text = readFileSync(file, 'utf8');
    for (const object of text.matchAll(OBJECT)) {
      for (const literal of object[1]!.matchAll(LITERAL)) {
        const value = (literal[1] ?? literal[2]!).replace(/\$\{[^}]*\}/g, 'x');
        if (value.startsWith('/') || value.includes('/') || /\[/.test(value))
          strays.push(`${relative(dir, file)}: error path ${JSON.stringify(literal[0])}`);
      }
    }
  }
  return strays;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['test', 'node_modules', 'session-service', 'web', 'widget'].includes(entry.name) ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
