import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { REDACTED } from '../audit/secret-args.js';
import type { CallReporter } from '../mcp/call-reporter.js';
import { passes, type LogLevel } from '../mcp/log-level.js';
import {
  ClientRequestError,
  noClient,
  type ClientRequests,
  type ElicitationAnswer,
  type SamplingAnswer,
} from '../mcp/client-requests.js';
import { routeKey, type ClientMessageRouter } from './client-message-router.js';
import type { McpSession } from './mcp-session.js';
import { openEventStream, type EventSink } from './compressed-event-stream.js';
import { elicitationTopic, type SessionNotices } from '../mcp/session-notices.js';

/** Progress notifications closer together than this are dropped (the last one is always sent). */
export const PROGRESS_INTERVAL_MS = 50;

/** Who the call's client is, when it can be asked things: its shop and session, and where answers come in. */
export interface CallPeer {
  shopId: number;
  session: McpSession;
  router: ClientMessageRouter;
  /** How long a person may take to answer a form or a page (elicitation). */
  elicitationTimeoutMs: number;
  /** How long the client's model may take (sampling). */
  samplingTimeoutMs: number;
  /** Where the session waits for a page it was sent to (URL elicitation) to be answered. */
  notices: SessionNotices;
}

/**
 * The answer to one POSTed request, for a client that accepts `text/event-stream`. It stays a
 * plain JSON answer until the work has something to tell or ask the client; the first message
 * turns it into an SSE stream (notifications and requests, then the response as the last event).
 * The stream is not resumable: events carry no ids, and a client that loses it asks again.
 */
export class CallStream {
  private sink?: EventSink;
  private ended = false;
  /** Requests to the client still waiting for an answer: each is given up when the call is. */
  private readonly pending = new Set<(why: string) => void>();
  readonly client: ClientRequests;

  constructor(
    private readonly reply: FastifyReply,
    private readonly progressToken: string | number | undefined,
    private readonly minimum: LogLevel,
    private readonly peer?: CallPeer,
  ) {
    // Only a call that can ask its client has anything to give up when the client goes away.
    if (peer)
      reply.raw.on('close', () => {
        if (!this.ended) this.cancel('the client closed the call’s stream');
      });
    const caps = peer?.session.capabilities;
    this.client = caps
      ? {
          elicitsForm: caps.elicitForm,
          elicitsUrl: caps.elicitUrl,
          samples: caps.sampling,
          elicit: async (params, timeoutMs) => {
            const url = params.mode === 'url';
            if (url ? !caps.elicitUrl : !caps.elicitForm)
              throw new ClientRequestError(
                'unsupported',
                `The client did not declare ${url ? 'URL' : 'form'} elicitation.`,
              );
            const answer = elicitationAnswer(
              await this.request('elicitation/create', params, timeoutMs ?? peer!.elicitationTimeoutMs),
            );
            // The person went to the page: their session hears when it is answered
            // (notifications/elicitation/complete), on its standing stream, from whichever process.
            if (params.mode === 'url' && answer.action === 'accept')
              await peer!.notices.subscribe(peer!.shopId, peer!.session.key, elicitationTopic(params.elicitationId));
            return answer;
          },
          sample: async (params, timeoutMs) => {
            if (!caps.sampling) throw new ClientRequestError('unsupported', 'The client did not declare sampling.');
            return samplingAnswer(
              await this.request('sampling/createMessage', params, timeoutMs ?? peer!.samplingTimeoutMs),
            );
          },
        }
      : noClient;
  }

  get started(): boolean {
    return this.sink !== undefined;
  }

  /** What a tool of `group` reports through; `secrets`: the call's secret argument values, never echoed. */
  reporter(group: string, secrets: readonly string[]): CallReporter {
    let lastAt = 0;
    let lastDone = -Infinity;
    return {
      progress: (done, total, message) => {
        if (this.progressToken === undefined || done <= lastDone) return;
        const now = Date.now();
        const final = total !== undefined && done >= total;
        if (!final && now - lastAt < PROGRESS_INTERVAL_MS) return;
        lastAt = now;
        lastDone = done;
        this.send({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: {
            progressToken: this.progressToken,
            progress: done,
            ...(total !== undefined && { total }),
            ...(message !== undefined && { message: scrub(message, secrets) }),
          },
        });
      },
      log: (level, data) => {
        if (!passes(level, this.minimum)) return;
        this.send({
          jsonrpc: '2.0',
          method: 'notifications/message',
          params: { level, logger: group, data: JSON.parse(scrub(JSON.stringify(data), secrets, true)) },
        });
      },
    };
  }

  /** Gives up every request to the client still waiting (the call was cancelled or its stream lost). */
  cancel(why: string): void {
    for (const abandon of [...this.pending]) abandon(why);
  }

  /** The response as the stream's last event. */
  end(response: string | Buffer): void {
    this.ended = true;
    this.sink!.end(`event: message\ndata: ${response.toString()}\n\n`);
  }

  /**
   * Sends a request on the stream and waits for the client's answer, which it POSTs separately and
   * the router brings here from whichever process received it. At the deadline the client is told
   * the request is cancelled (notifications/cancelled) and the caller gets `timeout`.
   */
  private request(method: string, params: object, timeoutMs: number): Promise<Record<string, unknown>> {
    const peer = this.peer!;
    if (this.ended || this.reply.raw.destroyed)
      return Promise.reject(new ClientRequestError('cancelled', 'The call’s stream is closed.'));
    const id = `sb-${randomBytes(12).toString('hex')}`;
    return new Promise((resolve, reject) => {
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        stopWaiting();
        this.pending.delete(abandon);
        outcome();
      };
      const stopWaiting = peer.router.wait(routeKey(peer.shopId, peer.session.key, 'answer', id), (message) =>
        settle(() => {
          if (message.error !== undefined || typeof message.result !== 'object' || message.result === null) {
            const error = message.error as { message?: unknown } | undefined;
            reject(
              new ClientRequestError(
                'client_error',
                `The client answered ${method} with an error: ${String(error?.message ?? 'no result')}`,
              ),
            );
          } else resolve(message.result as Record<string, unknown>);
        }),
      );
      const abandon = (why: string) => settle(() => reject(new ClientRequestError('cancelled', why)));
      const timer = setTimeout(
        () =>
          settle(() => {
            this.send({
              jsonrpc: '2.0',
              method: 'notifications/cancelled',
              params: { requestId: id, reason: `No answer within ${Math.round(timeoutMs / 1000)} s` },
            });
            reject(new ClientRequestError('timeout', `The client did not answer ${method} in time.`));
          }),
        timeoutMs,
      );
      this.pending.add(abandon);
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  private send(message: object): void {
    if (!this.sink) {
      this.reply.hijack();
      this.sink = openEventStream(this.reply.raw, this.reply.request.headers['accept-encoding'], {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
    }
    this.sink.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }
}

/** A client's elicitation result, checked: an unknown action is the client's error, not a decision. */
function elicitationAnswer(result: Record<string, unknown>): ElicitationAnswer {
  const { action, content } = result;
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel')
    throw new ClientRequestError(
      'client_error',
      `The client answered elicitation/create with action ${String(action)}.`,
    );
  if (content !== undefined && (typeof content !== 'object' || content === null || Array.isArray(content)))
    throw new ClientRequestError(
      'client_error',
      'The client answered elicitation/create with content that is not an object.',
    );
  return { action, ...(content !== undefined && { content: content as Record<string, unknown> }) };
}

/** A client's sampling result, checked: only a text answer is of use to the server. */
function samplingAnswer(result: Record<string, unknown>): SamplingAnswer {
  const content = result.content as { type?: unknown; text?: unknown } | undefined;
  if (content?.type !== 'text' || typeof content.text !== 'string')
    throw new ClientRequestError('client_error', 'The client answered sampling/createMessage without a text content.');
  return {
    role: 'assistant',
    content: { type: 'text', text: content.text },
    model: typeof result.model === 'string' ? result.model : 'unknown',
    ...(typeof result.stopReason === 'string' && { stopReason: result.stopReason }),
  };
}

/** `text` with every secret value replaced (inside JSON when `json`, where they appear escaped). */
function scrub(text: string, secrets: readonly string[], json = false): string {
  let out = text;
  for (const secret of secrets) {
    const needle = json ? JSON.stringify(secret).slice(1, -1) : secret;
    out = out.split(needle).join(REDACTED);
  }
  return out;
}
