/** JSON-RPC and MCP error codes the transport answers with. */
export const RpcCode = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  UNAUTHORIZED: -32000,
  RATE_LIMITED: -32001,
  FORBIDDEN: -32003,
  RESOURCE_NOT_FOUND: -32002,
} as const;

/** Thrown by method handlers to answer one request with a JSON-RPC error. */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}
