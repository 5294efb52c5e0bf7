import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { groupSourceFiles } from './group-sources.js';

/** What makes a string literal SQL rather than prose (a tool title may say "from conversations"). */
const SQL_WORDS = /\b(select|insert|update|delete|create|alter|join|where|returning|conflict)\b/i;
/** String and template literals, after comments are gone. */
const LITERALS = /`(?:[^`\\]|\\[\s\S])*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g;
const BLOCK_COMMENTS = /\/\*[\s\S]*?\*\//g;
const LINE_COMMENTS = /(^|\s)\/\/.*$/gm;

/** The SQL a source file holds: its string literals that read as SQL, comments left out. */
export function sqlOf(source: string): string[] {
  const code = source.replace(BLOCK_COMMENTS, '').replace(LINE_COMMENTS, '$1');
  return [...code.matchAll(LITERALS)].map((m) => m[0]).filter((literal) => SQL_WORDS.test(literal));
}

/**
 * Which of `names` (tables or views) a group's SQL names, by file: a name that follows FROM, JOIN,
 * INTO, UPDATE, TABLE, VIEW or REFERENCES, quoted or not. Tests are left out: they may look at any
 * table to check what a group did.
 */
export function tableReferences(groupDir: string, names: readonly string[]): { table: string; file: string }[] {
  if (names.length === 0) return [];
  const alternatives = names.map((t) => t.replace(/[^a-z0-9_]/g, '')).join('|');
  const pattern = new RegExp(
    `\\b(?:from|join|into|update|table|view|references)\\s+(?:only\\s+)?"?(${alternatives})"?(?![a-z0-9_])`,
    'gi',
  );
  const found: { table: string; file: string }[] = [];
  for (const file of groupSourceFiles(groupDir)) {
    const seen = new Set<string>();
    for (const sql of sqlOf(readFileSync(file, 'utf8')))
      for (const m of sql.matchAll(pattern)) seen.add(m[1]!.toLowerCase());
    for (const table of [...seen].sort()) found.push({ table, file: relative(groupDir, file) });
  }
  return found;
}
