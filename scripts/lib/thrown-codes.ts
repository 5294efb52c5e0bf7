import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { groupSourceFiles } from './group-sources.js';

/** The kernel's shorthands, each throwing one code. */
const SHORTHANDS: Record<string, string> = {
  notFound: 'not_found',
  invalidState: 'invalid_state',
  invalidArguments: 'invalid_arguments',
  groupNotEnabled: 'group_not_enabled',
};

/** `new ToolError('code'` and the channel's `new ChannelError('code'`, whose codes reach callers as they are. */
const LITERAL = /new\s+(?:ToolError|ChannelError)\(\s*['"]([a-z0-9_]+)['"]/g;
const SHORTHAND = new RegExp(`\\b(${Object.keys(SHORTHANDS).join('|')})\\(`, 'g');
/** The network guard answers url_not_allowed for a URL or host a shop may not reach. */
const GUARDED = /\bnetworkGuard\.(?:fetch|checkUrl|checkHost)\(/g;
/** Debiting credits answers insufficient_credits when the balance is short. */
const DEBIT = /\bcredits\.(?:debit|debitMany)\(/g;

/**
 * The error codes a group's sources throw (tests excluded), each with the files that throw it:
 * what its catalogue has to list. Codes built at run time from another error (a channel failure
 * passed on) are caught where that error is made.
 */
export function thrownCodes(groupDir: string): Map<string, string[]> {
  const codes = new Map<string, string[]>();
  const add = (code: string, file: string) => {
    const files = codes.get(code) ?? [];
    if (!files.includes(file)) files.push(file);
    codes.set(code, files);
  };
  for (const file of groupSourceFiles(groupDir)) {
    const text = readFileSync(file, 'utf8');
    const name = relative(groupDir, file);
    for (const m of text.matchAll(LITERAL)) add(m[1]!, name);
    for (const m of text.matchAll(SHORTHAND)) add(SHORTHANDS[m[1]!]!, name);
    if (DEBIT.test(text)) add('insufficient_credits', name);
    DEBIT.lastIndex = 0;
    if (GUARDED.test(text)) add('url_not_allowed', name);
    GUARDED.lastIndex = 0;
  }
  return codes;
}

/** Codes thrown in the group's sources that neither its catalogue nor the kernel's lists, with where. */
export function uncataloguedCodes(
  groupDir: string,
  catalogue: Readonly<Record<string, unknown>>,
  kernel: Readonly<Record<string, unknown>>,
): { code: string; files: string[] }[] {
  return [...thrownCodes(groupDir)]
    .filter(([code]) => !(code in catalogue) && !(code in kernel))
    .map(([code, files]) => ({ code, files }))
    .sort((a, b) => a.code.localeCompare(b.code));
}
