import type { FastifyReply } from 'fastify';
import { REDACTED } from '../audit/secret-args.js';
import type { CallReporter } from '../mcp/call-reporter.js';
import { passes, type LogLevel } from '../mcp/log-level.js';

/** Progress notifications closer together than this are dropped (the last one is always sent). */
export const PROGRESS_INTERVAL_MS = 50;

/**
 * The answer to one POSTed request, for a client that accepts `text/event-stream`. It stays a
 * plain JSON answer until the work has something to tell the client; the first notification turns
 * it into an SSE stream (notifications, then the response as the last event). The stream is not
 * resumable: events carry no ids, and a client that loses it asks again.
 */
export class CallStream {
  private open = false;

  constructor(
    private readonly reply: FastifyReply,
    private readonly progressToken: string | number | undefined,
    private readonly minimum: LogLevel,
  ) {}

  get started(): boolean {
    return this.open;
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

  /** The response as the stream's last event. */
  end(response: string | Buffer): void {
    this.reply.raw.end(`event: message\ndata: ${response.toString()}\n\n`);
  }

  private send(message: object): void {
    const raw = this.reply.raw;
    if (!this.open) {
      this.reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      this.open = true;
    }
    if (!raw.destroyed) raw.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }
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
