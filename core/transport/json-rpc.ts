import { JsonRpcError, RpcCode } from '../errors/json-rpc-error.js';
import { MAX_NESTING, tooDeepAt } from '../util/nesting.js';
import { unstorableTextErrors } from '../tools/unstorable-text.js';

export type RequestId = string | number;

export interface RpcRequest {
  kind: 'request';
  id: RequestId;
  method: string;
  params: Record<string, unknown>;
}

export type Classified =
  | RpcRequest
  /** Notifications and client responses: nothing to answer; the message goes to the call it concerns. */
  | { kind: 'silent'; message: Record<string, unknown> }
  | { kind: 'invalid'; id: RequestId | null; error: JsonRpcError };

const isId = (id: unknown): id is RequestId =>
  typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));

/** Sorts one element of a body into what the dispatcher must do with it. */
export function classify(message: unknown): Classified {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return invalid(null, 'Invalid Request: expected a JSON-RPC object');
  }
  const m = message as Record<string, unknown>;
  const echoId = isId(m.id) ? m.id : null;
  if (m.jsonrpc !== '2.0') return invalid(echoId, 'Invalid Request: "jsonrpc" must be "2.0"');
  if (typeof m.method !== 'string') {
    if ('result' in m || 'error' in m) return { kind: 'silent', message: m };
    return invalid(echoId, 'Invalid Request: "method" must be a string');
  }
  if (!('id' in m)) return { kind: 'silent', message: m };
  if (!isId(m.id)) return invalid(null, 'Invalid Request: "id" must be a string or an integer');
  if (m.params !== undefined && (typeof m.params !== 'object' || m.params === null || Array.isArray(m.params)))
    return invalidParams(m.id, 'Invalid params: "params" must be an object');
  const params = (m.params as Record<string, unknown>) ?? {};
  const envelope = envelopeOf(m.method, params);
  const deep = tooDeepAt(envelope);
  if (deep !== undefined)
    return invalid(m.id, `Invalid Request: params nest deeper than ${MAX_NESTING} levels (at params.${deep})`);
  // Prompt arguments and completion values reach queries as tool arguments do.
  const text = unstorableTextErrors(envelope).map((e) => ({ path: `params.${e.path}`, message: e.message }));
  if (text.length > 0)
    return invalidParams(m.id, `Invalid params: ${text.map((e) => `${e.path} ${e.message}`).join('; ')}`, {
      errors: text,
    });
  return { kind: 'request', id: m.id, method: m.method, params };
}

/**
 * The params the transport checks: all of them but a tool call's arguments, which the tool
 * pipeline checks itself and answers as invalid_arguments naming the field.
 */
const envelopeOf = (method: string, params: Record<string, unknown>) =>
  method === 'tools/call' && typeof params.arguments === 'object' && params.arguments !== null
    ? { ...params, arguments: {} }
    : params;

const invalid = (id: RequestId | null, message: string): Classified => ({
  kind: 'invalid',
  id,
  error: new JsonRpcError(RpcCode.INVALID_REQUEST, message),
});

const invalidParams = (id: RequestId, message: string, data?: unknown): Classified => ({
  kind: 'invalid',
  id,
  error: new JsonRpcError(RpcCode.INVALID_PARAMS, message, data),
});

/** Serialized JSON; cached results (tools/list pages) are kept as UTF-8 bytes, encoded once at boot. */
export type RawJson = string | Buffer;

const CLOSE = Buffer.from('}');

/** Serializes a response around an already-serialized result. */
export function resultResponse(id: RequestId, rawResult: RawJson): RawJson {
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`;
  return typeof rawResult === 'string' ? `${head}${rawResult}}` : Buffer.concat([Buffer.from(head), rawResult, CLOSE]);
}

/** A batch answer: the responses as one JSON array. */
export function batchResponse(responses: RawJson[]): RawJson {
  if (responses.every((r) => typeof r === 'string')) return `[${responses.join(',')}]`;
  const parts: Buffer[] = [];
  responses.forEach((r, i) => parts.push(Buffer.from(i === 0 ? '[' : ','), typeof r === 'string' ? Buffer.from(r) : r));
  parts.push(Buffer.from(']'));
  return Buffer.concat(parts);
}

export function errorResponse(id: RequestId | null, error: JsonRpcError): string {
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.data !== undefined) body.data = error.data;
  return JSON.stringify({ jsonrpc: '2.0', id, error: body });
}
