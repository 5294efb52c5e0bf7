import type { PromptConfig } from '../config.js';
import { invalidArguments, type ServiceDeps } from '../../../core/index.js';
import { AiProviderSetting, type ShopProvider } from '../entities/ai-provider-setting.entity.js';
import type { ResolvedEngine } from './ai/ai-types.js';

export interface ProviderChanges {
  provider: ShopProvider;
  base_url?: string;
  /** Write-only; null removes the stored key. */
  api_key?: string | null;
  chat_model?: string;
  task_model?: string;
  embedding_model?: string | null;
  timeout_ms?: number;
  monthly_token_budget?: number | null;
}

/**
 * Which AI provider a shop uses: the installation's (no row), none (`builtin`), or its own
 * OpenAI-compatible endpoint. The key is sealed at rest and never leaves except as its last 4
 * characters; the base URL is checked by the network guard when it is set.
 */
export class AiProviderSettingsService {
  constructor(private readonly deps: ServiceDeps<PromptConfig>) {}

  private get installation() {
    return this.deps.config.ai;
  }

  async resolve(): Promise<ResolvedEngine> {
    const own = await this.deps.em.findOne(AiProviderSetting, {});
    const budget = own?.monthlyTokenBudget ?? null;
    if (own?.provider === 'openai_compatible')
      return {
        engine: 'openai_compatible',
        source: 'shop',
        baseUrl: own.baseUrl!,
        apiKey: this.deps.secrets.open(own.apiKeySealed!),
        keyLast4: own.keyLast4 ?? null,
        models: { chat: own.chatModel!, task: own.taskModel ?? own.chatModel!, embedding: own.embeddingModel ?? null },
        timeoutMs: own.timeoutMs ?? this.installation.timeoutMs,
        maxRetries: this.installation.maxRetries,
        guarded: true,
        monthlyTokenBudget: budget,
      };
    const inst = this.installation;
    const usable = own?.provider !== 'builtin' && inst.provider === 'openai_compatible';
    return {
      engine: usable ? 'openai_compatible' : 'builtin',
      source: own?.provider === 'builtin' ? 'shop' : 'installation',
      baseUrl: usable ? inst.baseUrl! : null,
      apiKey: usable ? inst.apiKey! : null,
      keyLast4: usable ? inst.apiKey!.slice(-4) : null,
      models: { chat: inst.chatModel, task: inst.taskModel, embedding: inst.embeddingModel },
      timeoutMs: own?.timeoutMs ?? inst.timeoutMs,
      maxRetries: inst.maxRetries,
      guarded: false,
      monthlyTokenBudget: budget,
    };
  }

  /** Saves the changes; returns what the shop should know (a base_url host that does not resolve right now). */
  async configure(changes: ProviderChanges): Promise<string[]> {
    const warnings: string[] = [];
    let row = await this.deps.em.findOne(AiProviderSetting, {});
    row ??= this.deps.em.create(AiProviderSetting, { provider: changes.provider } as AiProviderSetting);
    row.provider = changes.provider;
    if (changes.base_url !== undefined) {
      const { url, warning } = await this.deps.networkGuard.checkUrl(changes.base_url);
      row.baseUrl = url.href;
      if (warning) warnings.push(warning);
    }
    if (changes.api_key !== undefined) {
      row.apiKeySealed = changes.api_key === null ? null : this.deps.secrets.seal(changes.api_key);
      row.keyLast4 = changes.api_key === null ? null : changes.api_key.slice(-4);
    }
    if (changes.chat_model !== undefined) row.chatModel = changes.chat_model;
    if (changes.task_model !== undefined) row.taskModel = changes.task_model;
    if (changes.embedding_model !== undefined) row.embeddingModel = changes.embedding_model;
    if (changes.timeout_ms !== undefined) row.timeoutMs = changes.timeout_ms;
    if (changes.monthly_token_budget !== undefined) row.monthlyTokenBudget = changes.monthly_token_budget;
    if (row.provider === 'openai_compatible') {
      const missing = [
        !row.baseUrl && 'base_url',
        !row.apiKeySealed && 'api_key',
        !row.chatModel && 'chat_model',
      ].filter((f): f is string => Boolean(f));
      if (missing.length > 0)
        throw invalidArguments(
          `An OpenAI-compatible provider needs ${missing.join(', ')}.`,
          missing.map((f) => ({ path: `${f}`, message: 'required for openai_compatible' })),
        );
    }
    await this.deps.em.flush();
    return warnings;
  }
}
