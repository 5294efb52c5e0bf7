/**
 * What a token may do. The shop's main token may do everything; a named token (api_tokens) may be
 * limited to some groups, to reading, and in time. A group-subset URL (/g/a,b/) narrows any grant
 * further for the requests sent to it.
 */
export interface TokenGrant {
  /** The named token's name; null for the shop's main token. */
  name: string | null;
  /** The groups whose tools the token may list and call; null: every group. */
  groups: ReadonlySet<string> | null;
  /** Only tools that change nothing (kind query). */
  readOnly: boolean;
  /** Epoch milliseconds after which the token is refused; null: never. */
  expiresAt: number | null;
}

export const MAIN_TOKEN: TokenGrant = { name: null, groups: null, readOnly: false, expiresAt: null };

/** The grant for requests to a group-subset URL: only the groups both allow. */
export function narrowTo(grant: TokenGrant, groups: ReadonlySet<string> | null): TokenGrant {
  if (groups === null) return grant;
  const allowed = grant.groups === null ? groups : new Set([...groups].filter((g) => grant.groups!.has(g)));
  return { ...grant, groups: allowed };
}

/** The kernel's own resources (shop://profile) belong to no group: every grant sees them. */
export const KERNEL_GROUP = 'kernel';

/** Whether the grant sees a group's resources, prompts and completions. */
export const seesGroup = (grant: TokenGrant, group: string) =>
  group === KERNEL_GROUP || grant.groups === null || grant.groups.has(group);

export const isUnrestricted = (grant: TokenGrant) => grant.groups === null && !grant.readOnly;

export interface ScopedTool {
  name: string;
  group: string;
  mutation: boolean;
}

/** Whether the grant lets its holder use a group's tools that read (mutation false) or change data. */
export const grantAllows = (grant: TokenGrant, group: string, mutation: boolean) =>
  (grant.groups === null || grant.groups.has(group)) && !(grant.readOnly && mutation);

/** Why the grant refuses the tool, as a tool failure; null when it allows it. */
export function grantRefusal(grant: TokenGrant, tool: ScopedTool): { error_code: string; message: string } | null {
  if (grant.groups !== null && !grant.groups.has(tool.group))
    return {
      error_code: 'tool_not_in_scope',
      message: `${tool.name} belongs to group ${tool.group}, which this token or endpoint does not include (${[...grant.groups].join(', ') || 'no groups'}).`,
    };
  if (grant.readOnly && tool.mutation)
    return {
      error_code: 'token_read_only',
      message: `${tool.name} changes data and this token is read-only; use a token that may write.`,
    };
  return null;
}

/** A stable key per distinct view of the tools (cache key of the filtered tools/list pages). */
export const grantViewKey = (grant: TokenGrant) =>
  `${grant.readOnly ? 'r' : 'w'}:${grant.groups === null ? '*' : [...grant.groups].sort().join(',')}`;
