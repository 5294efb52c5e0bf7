import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the fake does with the next request, in order; when none is queued it answers normally
 * (chat: `reply`, embeddings: a deterministic vector per input).
 */
export type FakeStep =
  | { fail: 401 | 500 | 503 }
  | { fail: 429; retryAfterSeconds?: number }
  | { delayMs: number }
  | { content: string }
  | { malformed: true };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

/**
 * A local OpenAI-compatible server for tests: chat completions (JSON and streamed as SSE),
 * embeddings and models on /v1, with the real response shapes and error bodies, failures on
 * demand, and every request recorded (so a test can check the key header, the model and the
 * messages sent).
 */
export class FakeOpenAi {
  readonly requests: RecordedRequest[] = [];
  private readonly steps: FakeStep[] = [];
  /** The chat answer when nothing else is queued. */
  reply = 'OK';
  /** When set, the chat answer when nothing else is queued, made from the request's body (a model that reads its input). */
  respond?: (body: any) => string;
  /** Every request waits this long first (a model's think time), unless a queued step says otherwise. */
  latencyMs = 0;
  /** Bearer key the server accepts; others get 401. */
  apiKey = 'sk-test-fake-key';
  models = ['fake-chat', 'fake-task', 'fake-embed'];
  /** Length of the vectors it answers (a test may change it, as a new embedding model would). */
  dimensions = 8;
  private server?: Server;

  get baseUrl(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  private chaosRng?: () => number;
  private chaosRate = 0;
  private chaosCount = 0;
  /** Outcome of each request under chaos, in order: the status it failed with, or 200. */
  readonly chaosLog: number[] = [];

  /**
   * From now on, fails each request (when nothing is queued) with probability `rate`, in turn with
   * 429 (retry-after 0), 500 and 503; a seeded generator makes a run repeatable.
   */
  chaos(rate: number, seed: number): this {
    let state = seed >>> 0;
    // mulberry32
    this.chaosRng = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    this.chaosRate = rate;
    return this;
  }

  queue(...steps: FakeStep[]): this {
    this.steps.push(...steps);
    return this;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? JSON.parse(raw) : null;
    const path = (req.url ?? '').split('?')[0]!;
    this.requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    if (req.headers.authorization !== `Bearer ${this.apiKey}`)
      return this.error(res, 401, 'invalid_api_key', 'Incorrect API key provided.');
    let step = this.steps.shift();
    if (!step && this.chaosRng) {
      const fail = this.chaosRng() < this.chaosRate ? ([429, 500, 503] as const)[this.chaosCount++ % 3] : undefined;
      this.chaosLog.push(fail ?? 200);
      if (fail) step = fail === 429 ? { fail, retryAfterSeconds: 0 } : { fail };
    }
    const wait = step && 'delayMs' in step ? step.delayMs : this.latencyMs;
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (res.destroyed) return;
    if (step && 'fail' in step) {
      if (step.fail === 429 && step.retryAfterSeconds !== undefined)
        res.setHeader('retry-after', String(step.retryAfterSeconds));
      return this.error(
        res,
        step.fail,
        step.fail === 429 ? 'rate_limit_exceeded' : 'server_error',
        'Failed on demand.',
      );
    }
    if (req.method === 'GET' && path === '/v1/models')
      return this.json(res, {
        object: 'list',
        data: this.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })),
      });
    if (req.method === 'POST' && path === '/v1/embeddings') {
      const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
      return this.json(res, {
        object: 'list',
        model: body.model,
        // The SDK asks for base64 (float32, little-endian) unless told otherwise, as OpenAI serves it.
        data: inputs.map((text, index) => ({
          object: 'embedding',
          index,
          embedding:
            body.encoding_format === 'base64'
              ? Buffer.from(new Float32Array(this.vector(text)).buffer).toString('base64')
              : this.vector(text),
        })),
        usage: {
          prompt_tokens: inputs.join(' ').split(/\s+/).length,
          total_tokens: inputs.join(' ').split(/\s+/).length,
        },
      });
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      const content = step && 'content' in step ? step.content : (this.respond?.(body) ?? this.reply);
      if (step && 'malformed' in step) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"id": "chatcmpl-broken", "choices": [');
      }
      const usage = { prompt_tokens: 12, completion_tokens: content.split(/\s+/).length, total_tokens: 0 };
      usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
      if (body.stream) return this.stream(res, body.model, content, usage);
      return this.json(res, {
        id: `chatcmpl-${this.requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
        usage,
      });
    }
    return this.error(res, 404, 'not_found', `Unknown path ${path}`);
  }

  private stream(res: ServerResponse, model: string, content: string, usage: object) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const base = {
      id: 'chatcmpl-stream',
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model,
    };
    const words = content.split(/(?<= )/);
    words.forEach((piece, i) =>
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: i === 0 ? { role: 'assistant', content: piece } : { content: piece }, finish_reason: null }] })}\n\n`,
      ),
    );
    res.write(
      `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
  }

  /** A unit vector from the text's characters: equal texts get equal vectors. */
  private vector(text: string): number[] {
    const v = Array.from({ length: this.dimensions }, (_, i) =>
      [...text].reduce((sum, ch, j) => sum + ((ch.charCodeAt(0) * (i + 1) + j) % 17), 1),
    );
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  }

  private json(res: ServerResponse, body: unknown) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private error(res: ServerResponse, status: number, code: string, message: string) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: { message, type: status === 401 ? 'invalid_request_error' : 'api_error', param: null, code },
      }),
    );
  }
}
