import type { DocqaAssistant } from '../../entities/docqa-assistant.entity.js';
import { embedSnippet } from '../settings/config-payload.js';

export const collectionOf = (assistantId: number) => `docqa:${assistantId}`;

export function assistantPayload(assistant: DocqaAssistant, baseUrl: string) {
  return {
    id: assistant.id,
    display_name: assistant.displayName,
    prompt: assistant.prompt,
    is_enabled: assistant.isEnabled,
    language_mode: assistant.languageMode,
    language_fixed: assistant.languageFixed,
    language_available: assistant.languageAvailable,
    language_show_selector: assistant.languageShowSelector,
    rate_limit_per_session: assistant.rateLimitPerSession,
    rate_limit_window_minutes: assistant.rateLimitWindowMinutes,
    allowed_domains: assistant.allowedDomains,
    config_design: assistant.configDesign,
    config_texts: assistant.configTexts,
    public_key: assistant.publicKey,
    embed_snippet: embedSnippet(baseUrl, assistant.publicKey),
    created_at: assistant.createdAt.toISOString(),
    updated_at: assistant.updatedAt.toISOString(),
  };
}
