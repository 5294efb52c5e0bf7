import { randomUUID } from 'node:crypto';
import { sql, ToolError, type Services, readCapped } from '../../../../core/index.js';
import type { CustomFunction } from '../../entities/custom-function.entity.js';
import type { CallSource, CallStatus } from '../../entities/values.js';
import { signWebhook } from '../webhooks/sign-webhook.js';
import { argumentErrors } from './function-schema.js';
import { offeredOn } from './custom-functions-service.js';

export interface CallContext {
  source: CallSource;
  surface?: string;
  /** The customer the conversation is with, when there is one. */
  phone?: string;
  requestId: string;
}

/** A call's outcome, as the model (and test_custom_function) gets it. */
export interface CallOutcome {
  call_id: number;
  status: CallStatus;
  status_code: number | null;
  duration_ms: number;
  result: string | null;
  truncated: boolean;
  error: string | null;
}

/** An OpenAI-style function definition, as a model takes it. */
export interface FunctionDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

interface Attempt {
  status: CallStatus;
  statusCode: number | null;
  result: string | null;
  truncated: boolean;
  error: string | null;
  /** No answer at all (refused, reset): the one case a read function retries. */
  unanswered: boolean;
}

/**
 * Calls custom functions: the arguments are checked against the function's schema before anything
 * is sent; the request is signed with the function's own secret and carries the shop's sealed
 * headers; it goes through the network guard (no redirects), within the function's timeout, and
 * its answer is read up to the function's cap. Every call is logged. Nothing of the shop's runs
 * in the server.
 */
export class FunctionInvoker {
  constructor(private readonly deps: Services) {}

  /** What the assistant may call on a surface. */
  async definitions(surface: string): Promise<FunctionDefinition[]> {
    const fns = await this.deps.advancedCustomFunctions.enabledOn(surface);
    return fns.map((f) => ({ name: f.name, description: f.description, parameters: f.parameters }));
  }

  /** The assistant's call by name; a function not offered on the surface is an error the model can read. */
  async invokeByName(name: string, args: unknown, context: CallContext): Promise<CallOutcome> {
    const fn = await this.deps.advancedCustomFunctions.byName(name);
    if (!fn || !fn.isEnabled || (context.surface && !offeredOn(fn, context.surface)))
      throw new ToolError('not_found', `No enabled custom function ${name} on this surface.`, {
        resource: 'custom_function',
        id: name,
      });
    return this.invoke(fn, args, context);
  }

  async invoke(fn: CustomFunction, args: unknown, context: CallContext): Promise<CallOutcome> {
    const started = performance.now();
    const invalid = argumentErrors(fn.parameters, args);
    const attempt: Attempt = invalid
      ? {
          status: 'invalid_arguments',
          statusCode: null,
          result: null,
          truncated: false,
          error: invalid.map((e) => `${e.path}: ${e.message}`).join('; '),
          unanswered: false,
        }
      : await this.send(fn, args, context);
    const durationMs = Math.round(performance.now() - started);
    const [row] = await sql<{ id: string }>(
      this.deps.em,
      `insert into "custom_function_calls" ("shop_id", "function_id", "function_name", "source", "surface", "status", "status_code", "duration_ms", "arguments", "result", "truncated", "error", "created_at")
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now()) returning "id"`,
      [
        this.deps.shop.id,
        fn.id,
        fn.name,
        context.source,
        context.surface ?? null,
        attempt.status,
        attempt.statusCode,
        durationMs,
        JSON.stringify(args ?? null),
        attempt.result,
        attempt.truncated,
        attempt.error,
      ],
    );
    return {
      call_id: Number(row!.id),
      status: attempt.status,
      status_code: attempt.statusCode,
      duration_ms: durationMs,
      result: attempt.result,
      truncated: attempt.truncated,
      error: attempt.error,
    };
  }

  private async send(fn: CustomFunction, args: unknown, context: CallContext): Promise<Attempt> {
    const first = await this.request(fn, args, context);
    // A read has no effect to repeat: one more try when nothing answered. A write is never retried.
    if (first.unanswered && fn.sideEffects === 'read') return this.request(fn, args, context);
    return first;
  }

  private async request(fn: CustomFunction, args: unknown, context: CallContext): Promise<Attempt> {
    const { shop, secrets, networkGuard } = this.deps;
    const url = new URL(fn.url);
    let body = '';
    if (fn.method === 'GET') {
      for (const [key, value] of Object.entries((args ?? {}) as Record<string, unknown>))
        url.searchParams.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    } else {
      body = JSON.stringify({
        function: fn.name,
        arguments: args,
        context: {
          shop_id: shop.id,
          surface: context.surface ?? null,
          customer: context.phone ? { phone: context.phone } : null,
          request_id: context.requestId,
        },
      });
    }
    const signed = signWebhook({ id: `call_${randomUUID().replaceAll('-', '')}`, type: 'function.call' }, body, [
      secrets.open(fn.secretSealed),
    ]);
    const headers: Record<string, string> = { ...this.deps.advancedCustomFunctions.headersOf(fn), ...signed.headers };
    delete headers['x-switchboard-event'];
    headers['x-switchboard-function'] = fn.name;
    if (fn.method === 'GET') delete headers['content-type'];
    const timeoutMs = fn.timeoutSeconds * 1000;
    try {
      const response = await networkGuard.fetch(
        url,
        {
          method: fn.method,
          headers,
          ...(fn.method === 'POST' && { body }),
          signal: AbortSignal.timeout(timeoutMs),
        },
        { followRedirects: false },
      );
      const { text, truncated } = await readCapped(response.body, fn.responseMaxChars);
      const ok = response.status >= 200 && response.status < 300;
      return {
        status: ok ? 'ok' : 'error',
        statusCode: response.status,
        result: text,
        truncated,
        error: ok ? null : `HTTP ${response.status}`,
        unanswered: false,
      };
    } catch (err) {
      if (err instanceof ToolError)
        return {
          status: 'blocked',
          statusCode: null,
          result: null,
          truncated: false,
          error: err.message,
          unanswered: false,
        };
      const e = err as Error & { cause?: { code?: string } };
      if (e.name === 'TimeoutError' || e.name === 'AbortError')
        return {
          status: 'timeout',
          statusCode: null,
          result: null,
          truncated: false,
          error: `no answer within ${fn.timeoutSeconds} s`,
          unanswered: false,
        };
      return {
        status: 'error',
        statusCode: null,
        result: null,
        truncated: false,
        error: e.cause?.code ? `${e.message} (${e.cause.code})` : e.message,
        unanswered: true,
      };
    }
  }
}
