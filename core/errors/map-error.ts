import { UniqueConstraintViolationException, ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import type { FastifyBaseLogger } from 'fastify';
import { ToolError } from './tool-error.js';
import { JsonRpcError, RpcCode } from './json-rpc-error.js';

export interface ToolFailure {
  success: false;
  error_code: string;
  message: string;
  [detail: string]: unknown;
}

/**
 * The one place where an error thrown by a tool becomes the payload a caller sees. Known errors
 * keep their code and details; anything else is logged with the request id and answered with
 * that id only — never a stack, SQL or driver text.
 */
export function toToolFailure(err: unknown, requestId: string, log: FastifyBaseLogger): ToolFailure {
  if (err instanceof ToolError) {
    return { success: false, error_code: err.code, message: err.message, ...err.details };
  }
  if (err instanceof UniqueConstraintViolationException) {
    return { success: false, error_code: 'conflict', message: 'A record with the same unique value already exists.' };
  }
  if (err instanceof ForeignKeyConstraintViolationException) {
    return {
      success: false,
      error_code: 'conflict',
      message: 'The change refers to a record that does not exist or is still in use.',
    };
  }
  log.error({ err, requestId }, 'tool call failed');
  return { success: false, error_code: 'internal_error', message: `Internal error (request id ${requestId}).` };
}

/** The same rule at the JSON-RPC level, for failures outside a tool handler. */
export function toJsonRpcError(err: unknown, requestId: string, log: FastifyBaseLogger): JsonRpcError {
  if (err instanceof JsonRpcError) return err;
  // A group's known failure outside tools/call (a prompt's argument naming no record): the caller's fault.
  if (err instanceof ToolError)
    return new JsonRpcError(RpcCode.INVALID_PARAMS, err.message, { error_code: err.code, ...err.details });
  log.error({ err, requestId }, 'request failed');
  return new JsonRpcError(RpcCode.INTERNAL_ERROR, `Internal error (request id ${requestId})`);
}
