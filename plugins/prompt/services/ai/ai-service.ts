import { DateTime } from 'luxon';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { ClientRequestError, ToolError, type NetworkGuard, type Services } from '../../../../core/index.js';
import { AiUsage } from '../../entities/ai-usage.entity.js';
import type { AiTask, ChatMessage, ResolvedEngine, Surface } from './ai-types.js';
import { OpenAiCompatibleClient, ProviderFailure, type CallBudget } from './openai-compatible.js';

/** How the usage rows name the client's model: its own engine, its source the client. */
const SAMPLING = { engine: 'client_sampling', source: 'client' } as const;
/** The most a sampled answer may be: summaries, replies, translations and rewrites fit well within it. */
const SAMPLING_MAX_TOKENS = 2_000;

/** A model call inside a database transaction: a programming error, refused wherever it happens. */
export class ModelCallInTransaction extends Error {
  readonly code = 'PRM_ERR_MODEL_IN_TRANSACTION';
  constructor() {
    super(
      'PRM_ERR_MODEL_IN_TRANSACTION: a model call was made inside a database transaction; call the model first (a query or a job), then write in a short transaction',
    );
  }
}

export interface ChatRequest {
  surface: Surface;
  task: AiTask;
  messages: ChatMessage[];
  /** The JSON the answer must be: asked for as response_format and checked here, since some servers ignore it. */
  schema?: TSchema;
  /** Shorter than the provider's timeout_ms, never longer. */
  timeoutMs?: number;
}

export interface ChatAnswer {
  text: string;
  /** The parsed answer, when a schema was given. */
  data?: unknown;
  /** client_sampling: the model of the MCP client that made the call (the shop has no provider). */
  engine: 'openai_compatible' | 'client_sampling';
  model: string;
  usage: { input_tokens: number; output_tokens: number };
  attempts: number;
  /** The first answer was not the JSON asked for and a repair turn fixed it. */
  repaired: boolean;
}

/**
 * The AI runtime every group asks for a model: which engine answers this shop (its own provider,
 * the installation's, or the built-in engine), calls with a deadline and a retry policy, JSON
 * checked locally, usage metered per shop and surface, and the monthly token budget. It refuses
 * to run inside a database transaction: model calls belong in queries and jobs, and their results
 * are written afterwards in short transactions.
 */
export class AiService {
  constructor(private readonly deps: Services) {}

  /** The engine this shop's calls go to now. */
  engine(): Promise<ResolvedEngine> {
    return this.deps.promptProviderSettingsService.resolve();
  }

  /**
   * Whether a language model answers this shop's call: its provider, or else the model of the MCP
   * client that made it (sampling). Jobs have no client: only a provider counts for them.
   */
  async hasLanguageModel(): Promise<boolean> {
    return (await this.engine()).engine !== 'builtin' || this.deps.client.samples;
  }

  async chat(request: ChatRequest): Promise<ChatAnswer> {
    this.assertNoTransaction();
    const resolved = await this.engine();
    if (resolved.engine === 'builtin' && this.deps.client.samples) return this.sampleClient(request, resolved);
    const engine = await this.provider();
    const model = request.task === 'chat' ? engine.models.chat : engine.models.task;
    const budget = this.budget(engine, request.timeoutMs);
    const started = Date.now();
    let attempts = 0;
    let tokens = { input: 0, output: 0 };
    try {
      const format = request.schema && {
        type: 'json_schema' as const,
        json_schema: { name: 'answer', schema: request.schema as Record<string, unknown> },
      };
      const client = this.client(engine);
      const first = await client.chat(model, request.messages, budget, format);
      attempts = first.attempts;
      tokens = { input: first.inputTokens, output: first.outputTokens };
      let answer = first;
      let data: unknown;
      if (request.schema) {
        data = parseJson(first.text, request.schema);
        if (data === undefined) {
          // One repair turn: the model sees its answer and what was wrong with it.
          answer = await client.chat(
            model,
            [
              ...request.messages,
              { role: 'assistant', content: first.text },
              {
                role: 'user',
                content: `Answer again with only a JSON value matching this JSON Schema, no prose: ${JSON.stringify(request.schema)}`,
              },
            ],
            budget,
            format,
          );
          attempts += answer.attempts;
          tokens = { input: tokens.input + answer.inputTokens, output: tokens.output + answer.outputTokens };
          data = parseJson(answer.text, request.schema);
          if (data === undefined)
            throw new ProviderFailure('ai_invalid_output', 'The model did not answer the JSON asked for.', {}, 0);
        }
      }
      await this.meter(request, engine, answer.model, tokens, started, attempts, 'ok');
      return {
        text: answer.text,
        ...(request.schema && { data }),
        engine: 'openai_compatible',
        model: answer.model,
        usage: { input_tokens: tokens.input, output_tokens: tokens.output },
        attempts,
        repaired: answer !== first,
      };
    } catch (err) {
      if (err instanceof ProviderFailure)
        await this.meter(request, engine, model, tokens, started, attempts + err.attempts, err.code);
      throw err;
    }
  }

  /**
   * The call's model task answered by the client's own model (sampling/createMessage), for a shop
   * without a provider: the same deadline, local JSON check with one repair turn, and a usage row
   * (engine client_sampling; the client reports no token counts, so tokens are 0 and the shop's
   * budget, which pays for its provider, is not touched).
   */
  private async sampleClient(request: ChatRequest, engine: ResolvedEngine): Promise<ChatAnswer> {
    const started = Date.now();
    const timeoutMs = Math.min(request.timeoutMs ?? engine.timeoutMs, engine.timeoutMs);
    const system = request.messages.filter((m) => m.role === 'system').map((m) => m.content);
    const turns = request.messages.filter((m) => m.role !== 'system');
    const ask = async (messages: ChatMessage[]) => {
      const answer = await this.deps.client.sample(
        {
          messages: messages.map((m) => ({
            role: m.role as 'user' | 'assistant',
            content: { type: 'text' as const, text: m.content },
          })),
          ...(system.length > 0 && { systemPrompt: system.join('\n\n') }),
          maxTokens: SAMPLING_MAX_TOKENS,
        },
        timeoutMs,
      );
      return answer;
    };
    let attempts = 1;
    let model = 'unknown';
    try {
      const first = await ask(turns);
      model = first.model;
      let text = first.content.text;
      let data: unknown;
      if (request.schema) {
        data = parseJson(text, request.schema);
        if (data === undefined) {
          attempts += 1;
          const repaired = await ask([
            ...turns,
            { role: 'assistant', content: text },
            {
              role: 'user',
              content: `Answer again with only a JSON value matching this JSON Schema, no prose: ${JSON.stringify(request.schema)}`,
            },
          ]);
          text = repaired.content.text;
          data = parseJson(text, request.schema);
          if (data === undefined)
            throw new ProviderFailure('ai_invalid_output', 'The model did not answer the JSON asked for.', {}, 0);
        }
      }
      await this.meter(request, SAMPLING, model, { input: 0, output: 0 }, started, attempts, 'ok');
      return {
        text,
        ...(request.schema && { data }),
        engine: 'client_sampling',
        model,
        usage: { input_tokens: 0, output_tokens: 0 },
        attempts,
        repaired: attempts > 1,
      };
    } catch (err) {
      if (err instanceof ClientRequestError) {
        await this.meter(
          request,
          SAMPLING,
          model,
          { input: 0, output: 0 },
          started,
          attempts,
          err.reason === 'timeout' ? 'ai_timeout' : 'sampling_failed',
        );
        throw new ToolError(
          'ai_provider_unavailable',
          `The client's model did not answer (${err.reason}): ${err.message} Configure an AI provider (configure_ai_provider) for answers that do not depend on the client.`,
          { engine: 'client_sampling', reason: err.reason },
        );
      }
      if (err instanceof ProviderFailure)
        await this.meter(request, SAMPLING, model, { input: 0, output: 0 }, started, attempts, err.code);
      throw err;
    }
  }

  /** Vectors for the texts, from the engine's embedding model (ai_provider_required when there is none). */
  async embed(surface: Surface, texts: string[]) {
    this.assertNoTransaction();
    const engine = await this.provider();
    if (!engine.models.embedding)
      throw new ToolError('ai_provider_required', 'The AI provider has no embedding model configured.', {
        engine: engine.engine,
      });
    const started = Date.now();
    const request = { surface, task: 'embedding' };
    try {
      const result = await this.client(engine).embed(engine.models.embedding, texts, this.budget(engine));
      await this.meter(
        request,
        engine,
        result.model,
        { input: result.inputTokens, output: 0 },
        started,
        result.attempts,
        'ok',
      );
      return { vectors: result.vectors, model: result.model, dimensions: result.vectors[0]?.length ?? 0 };
    } catch (err) {
      if (err instanceof ProviderFailure)
        await this.meter(
          request,
          engine,
          engine.models.embedding,
          { input: 0, output: 0 },
          started,
          err.attempts,
          err.code,
        );
      throw err;
    }
  }

  /** The models the provider lists (a connection check; not metered, no tokens). */
  async listModels(): Promise<string[]> {
    this.assertNoTransaction();
    const engine = await this.provider();
    return (await this.client(engine).models(this.budget(engine))).ids;
  }

  /** Tokens and calls this month on the shop's clock, for the budget and get_ai_provider. */
  async monthUsage(): Promise<{ tokens: number; calls: number }> {
    const since = DateTime.now().setZone(this.deps.shop.timezone).startOf('month').toJSDate();
    const [row] = await this.deps.em.execute<{ tokens: string; calls: number }[]>(
      `select coalesce(sum(input_tokens + output_tokens), 0)::bigint as tokens, count(*)::int as calls
       from ai_usage where shop_id = ? and created_at >= ?`,
      [this.deps.shop.id, since],
    );
    return { tokens: Number(row?.tokens ?? 0), calls: Number(row?.calls ?? 0) };
  }

  private assertNoTransaction(): void {
    if (this.deps.em.isInTransaction()) throw new ModelCallInTransaction();
  }

  /** The shop's provider, or ai_provider_required on the built-in engine; ai_budget_exceeded before any call. */
  private async provider(): Promise<ResolvedEngine> {
    const engine = await this.engine();
    if (engine.engine === 'builtin')
      throw new ToolError(
        'ai_provider_required',
        'This needs a language model, and the shop’s engine is the built-in one: configure an AI provider (configure_ai_provider).',
        { engine: 'builtin' },
      );
    if (engine.monthlyTokenBudget !== null) {
      const used = (await this.monthUsage()).tokens;
      if (used >= engine.monthlyTokenBudget)
        throw new ToolError('ai_budget_exceeded', 'The shop’s monthly AI token budget is used up.', {
          monthly_token_budget: engine.monthlyTokenBudget,
          used_tokens: used,
        });
    }
    return engine;
  }

  private budget(engine: ResolvedEngine, timeoutMs?: number): CallBudget {
    const total = Math.min(timeoutMs ?? engine.timeoutMs, engine.timeoutMs);
    return { deadline: Date.now() + total, maxRetries: engine.maxRetries, timeoutMs: total };
  }

  private client(engine: ResolvedEngine): OpenAiCompatibleClient {
    const guard = this.deps.networkGuard;
    return new OpenAiCompatibleClient({
      baseUrl: engine.baseUrl!,
      apiKey: engine.apiKey!,
      ...(engine.guarded && {
        fetch: (url: string, init?: unknown) => guard.fetch(url, init as Parameters<NetworkGuard['fetch']>[1]),
      }),
    });
  }

  /** One usage row per logical call, in its own unit of work (there is no caller transaction to join). */
  private async meter(
    request: { surface: string; task: string },
    engine: Pick<ResolvedEngine, 'engine' | 'source'> | typeof SAMPLING,
    model: string,
    tokens: { input: number; output: number },
    started: number,
    attempts: number,
    outcome: string,
  ): Promise<void> {
    const em = this.deps.em.fork();
    em.create(AiUsage, {
      surface: request.surface,
      task: request.task,
      engine: engine.engine,
      source: engine.source,
      model,
      inputTokens: tokens.input,
      outputTokens: tokens.output,
      latencyMs: Date.now() - started,
      attempts,
      outcome,
    } as AiUsage);
    await em.flush();
  }
}

/** The answer as JSON matching the schema (code fences allowed around it), or undefined. */
function parseJson(text: string, schema: TSchema): unknown {
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```$/, '')
    .trim();
  try {
    const value = JSON.parse(body) as unknown;
    return Value.Check(schema, value) ? value : undefined;
  } catch {
    return undefined;
  }
}
