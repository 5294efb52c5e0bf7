import { Type, type Static } from '../../core/index.js';

/**
 * The installation's AI provider, used by every shop that has not set its own. The operator
 * configures it, so its base URL may be a local server (Ollama, vLLM on this machine); a shop's
 * own base URL goes through the network guard.
 */
export const PromptConfig = Type.Object(
  {
    ai: Type.Object(
      {
        provider: Type.Enum(['builtin', 'openai_compatible'], {
          default: 'builtin',
          description: 'builtin: no language model (the embedded default); openai_compatible: baseUrl and apiKey',
        }),
        baseUrl: Type.Optional(Type.String({ minLength: 1, description: 'e.g. https://api.openai.com/v1' })),
        apiKey: Type.Optional(Type.String({ minLength: 1 })),
        chatModel: Type.String({ default: 'gpt-4o-mini', description: 'Customer-facing answers' }),
        taskModel: Type.String({ default: 'gpt-4o-mini', description: 'Classification, summaries, rewrites' }),
        embeddingModel: Type.String({ default: 'text-embedding-3-small' }),
        timeoutMs: Type.Integer({
          minimum: 1000,
          maximum: 60_000,
          default: 20_000,
          description: 'Total, retries included',
        }),
        maxRetries: Type.Integer({
          minimum: 0,
          maximum: 5,
          default: 1,
          description: 'On 429, 5xx and lost connections',
        }),
      },
      { additionalProperties: false, default: {} },
    ),
  },
  { additionalProperties: false, default: {} },
);

export type PromptConfig = Static<typeof PromptConfig>;
