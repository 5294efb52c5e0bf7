import type OpenAI from 'openai';
import { ToolError } from '../../../../core/index.js';
import type { ChatMessage } from './ai-types.js';
import { retryable, retryDelayMs } from './retry-policy.js';

/** One logical call: a total deadline (epoch ms) shared by its retries, and how many retries it may make. */
export interface CallBudget {
  deadline: number;
  maxRetries: number;
  timeoutMs: number;
}

export interface Completion {
  text: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  attempts: number;
}

/** A failed call, with the attempts it took (for the usage row). */
export class ProviderFailure extends ToolError {
  constructor(
    code: string,
    message: string,
    details: Record<string, unknown>,
    readonly attempts: number,
  ) {
    super(code, message, details);
  }
}

type JsonSchemaFormat = { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown> } };

/**
 * Any server that speaks OpenAI's API (OpenAI, Ollama, vLLM, llama.cpp, OpenRouter, LiteLLM)
 * through the official `openai` package, with the SDK's own retries off: this client retries 429,
 * 5xx and lost connections itself, honouring retry-after, and never past the call's deadline —
 * `timeout_ms` is the whole call, not one attempt. A refused key is never retried. The SDK is
 * loaded on the first call: a server whose shops use the built-in engine never carries it.
 */
export class OpenAiCompatibleClient {
  private sdk?: Promise<{ client: OpenAI; APIError: typeof OpenAI.APIError }>;

  constructor(
    private readonly options: {
      baseUrl: string;
      apiKey: string;
      fetch?: (url: string, init?: unknown) => Promise<unknown>;
    },
  ) {}

  private connect() {
    return (this.sdk ??= import('openai').then(({ default: OpenAI }) => ({
      APIError: OpenAI.APIError,
      client: new OpenAI({
        baseURL: this.options.baseUrl,
        apiKey: this.options.apiKey,
        maxRetries: 0,
        ...(this.options.fetch && { fetch: this.options.fetch as unknown as typeof fetch }),
      }),
    })));
  }

  async chat(
    model: string,
    messages: ChatMessage[],
    budget: CallBudget,
    format?: JsonSchemaFormat,
  ): Promise<Completion> {
    const { value, attempts } = await this.attempt(budget, (client, signal, timeout) =>
      client.chat.completions.create(
        { model, messages, ...(format && { response_format: format }) },
        { signal, timeout, maxRetries: 0 },
      ),
    );
    return {
      text: value.choices[0]?.message?.content ?? '',
      model: value.model || model,
      inputTokens: value.usage?.prompt_tokens ?? 0,
      outputTokens: value.usage?.completion_tokens ?? 0,
      attempts,
    };
  }

  async embed(model: string, texts: string[], budget: CallBudget) {
    const { value, attempts } = await this.attempt(budget, (client, signal, timeout) =>
      client.embeddings.create({ model, input: texts }, { signal, timeout, maxRetries: 0 }),
    );
    const vectors = [...value.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
    return { vectors, model: value.model || model, inputTokens: value.usage?.prompt_tokens ?? 0, attempts };
  }

  async models(budget: CallBudget): Promise<{ ids: string[]; attempts: number }> {
    const { value, attempts } = await this.attempt(budget, async (client, signal, timeout) => {
      const ids: string[] = [];
      for await (const m of client.models.list({ signal, timeout, maxRetries: 0 })) ids.push(m.id);
      return ids;
    });
    return { ids: value, attempts };
  }

  private async attempt<T>(
    budget: CallBudget,
    call: (client: OpenAI, signal: AbortSignal, timeout: number) => Promise<T>,
  ): Promise<{ value: T; attempts: number }> {
    const { client, APIError } = await this.connect();
    for (let attempts = 1; ; attempts++) {
      const remaining = budget.deadline - Date.now();
      if (remaining <= 0) throw this.timeout(budget, attempts - 1);
      try {
        return { value: await call(client, AbortSignal.timeout(remaining), remaining), attempts };
      } catch (err) {
        if (Date.now() >= budget.deadline) throw this.timeout(budget, attempts);
        const status = err instanceof APIError ? err.status : undefined;
        if (status === 401 || status === 403)
          throw new ProviderFailure(
            'ai_provider_auth_failed',
            `The AI provider refused the key (HTTP ${status}).`,
            { http_status: status },
            attempts,
          );
        // A body that is not JSON is a glitch like a 5xx: worth another try.
        const transient = err instanceof SyntaxError || (err instanceof APIError && retryable(status));
        const wait = retryDelayMs(attempts, err instanceof APIError ? headerOf(err, 'retry-after') : null);
        if (transient && attempts <= budget.maxRetries && Date.now() + wait < budget.deadline) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
        throw new ProviderFailure(
          'ai_provider_unavailable',
          status
            ? `The AI provider answered HTTP ${status}${transient ? ' through every retry' : ''}.`
            : 'The AI provider could not be reached or answered something that is not its API.',
          { http_status: status ?? null, attempts },
          attempts,
        );
      }
    }
  }

  private timeout(budget: CallBudget, attempts: number) {
    return new ProviderFailure(
      'ai_timeout',
      `The AI provider did not answer within ${budget.timeoutMs} ms.`,
      { timeout_ms: budget.timeoutMs, attempts },
      attempts,
    );
  }
}

function headerOf(err: InstanceType<typeof OpenAI.APIError>, name: string): string | null {
  const headers = err.headers as unknown;
  if (!headers) return null;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  return ((headers as Record<string, string>)[name] ?? null) as string | null;
}
