/** Where a model call comes from: the spec's prompt surfaces. */
export const SURFACES = [
  'all',
  'ai_chat_app',
  'whatsapp_workflow',
  'ticket',
  'plugin_chat',
  'email',
  'voice',
  'dashboard',
] as const;
export type Surface = (typeof SURFACES)[number];

/** Which model a call wants: customer-facing answers (chat) or background work (classify, summarise, rewrite). */
export type AiTask = 'chat' | 'task';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type EngineName = 'builtin' | 'openai_compatible';

/** What answers a shop's calls now: its own provider, the installation's, or none (builtin). */
export interface ResolvedEngine {
  engine: EngineName;
  source: 'shop' | 'installation';
  baseUrl: string | null;
  apiKey: string | null;
  keyLast4: string | null;
  models: { chat: string; task: string; embedding: string | null };
  timeoutMs: number;
  maxRetries: number;
  /** A shop's own base URL goes through the network guard; the operator's does not. */
  guarded: boolean;
  monthlyTokenBudget: number | null;
}

/** Said in every answer the built-in engine gives, the way the messaging sandbox labels itself. */
export const BUILTIN_NOTICE =
  'Built-in engine: rules and retrieval on this server, no language model. Configure an AI provider (configure_ai_provider) for free-form answers.';

/** The engine's embedding model, or null: the built-in engine embeds nothing, whatever the config names. */
export const embeddingModelOf = (engine: ResolvedEngine): string | null =>
  engine.engine === 'builtin' ? null : engine.models.embedding;
