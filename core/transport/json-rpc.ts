import { JsonRpcError, RpcCode } from '../errors/json-rpc-error.js';

export type RequestId = string | number;

export interface RpcRequest {
  kind: 'request';
  id: RequestId;
  method: string;
  params: Record<string, unknown>;
}

export type Classified =
  | RpcRequest
  /** Notifications and client responses: nothing to answer. */
  | { kind: 'silent' }
  | { kind: 'invalid'; id: RequestId | null; error: JsonRpcError };

const isId = (id: unknown): id is RequestId => typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));

/** Sorts one element of a body into what the dispatcher must do with it. */
export function classify(message: unknown): Classified {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return invalid(null, 'Invalid Request: expected a JSON-RPC object');
  }
  const m = message as Record<string, unknown>;
  const echoId = isId(m.id) ? m.id : null;
  if (m.jsonrpc !== '2.0') return invalid(echoId, 'Invalid Request: "jsonrpc" must be "2.0"');
  if (typeof m.method !== 'string') {
    if ('result' in m || 'error' in m) return { kind: 'silent' };
    return invalid(echoId, 'Invalid Request: "method" must be a string');
  }
  if (!('id' in m)) return { kind: 'silent' };
  if (!isId(m.id)) return invalid(null, 'Invalid Request: "id" must be a string or an integer');
  if (m.params !== undefined && (typeof m.params !== 'object' || m.params === null || Array.isArray(m.params))) {
    return { kind: 'invalid', id: m.id, error: new JsonRpcError(RpcCode.INVALID_PARAMS, 'Invalid params: "params" must be an object') };
  }
  return { kind: 'request', id: m.id, method: m.method, params: (m.params as Record<string, unknown>) ?? {} };
}

const invalid = (id: RequestId | null, message: string): Classified => ({
  kind: 'invalid',
  id,
  error: new JsonRpcError(RpcCode.INVALID_REQUEST, message),
});

/** Serializes a response. `rawResult` is already JSON (the cached tools/list pages). */
export function resultResponse(id: RequestId, rawResult: string): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${rawResult}}`;
}

export function errorResponse(id: RequestId | null, error: JsonRpcError): string {
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.data !== undefined) body.data = error.data;
  return JSON.stringify({ jsonrpc: '2.0', id, error: body });
}
