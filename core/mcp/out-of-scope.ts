import { JsonRpcError, RpcCode } from '../errors/json-rpc-error.js';

/** A resource, prompt or completion of a group the token (or the group-subset URL) does not include. */
export const outOfScope = (what: string, group: string) =>
  new JsonRpcError(
    RpcCode.INVALID_PARAMS,
    `Invalid params: ${what} belongs to group ${group}, which this token or endpoint does not include`,
    { error_code: 'tool_not_in_scope', group },
  );
