import { ToolError, Type, type Services } from '../../../core/index.js';
import { detectLanguage, type WidgetLanguage } from '../../prompt/surface.js';
import { customerMessages } from './builtin/analyse-conversation.js';
import { sentences } from './builtin/summary.js';
import { transcript } from './analysis-engine.js';

export const TONES = ['professional', 'casual', 'friendly', 'confident', 'straightforward'] as const;
export type Tone = (typeof TONES)[number];

export const REWRITE_STYLES = [...TONES, 'fix_grammar', 'shorten', 'expand'] as const;
export type RewriteStyle = (typeof REWRITE_STYLES)[number];

const LANGUAGE_NAMES: Record<WidgetLanguage, string> = {
  es: 'Spanish',
  en: 'English',
  de: 'German',
  fr: 'French',
  pt: 'Portuguese',
  it: 'Italian',
  hu: 'Hungarian',
};

const TEXT_ANSWER = Type.Object({ text: Type.String({ minLength: 1 }) }, { additionalProperties: false });

const STYLE_INSTRUCTIONS: Record<RewriteStyle, string> = {
  professional: 'Rewrite it in a professional tone.',
  casual: 'Rewrite it in a casual tone.',
  friendly: 'Rewrite it in a friendly, warm tone.',
  confident: 'Rewrite it in a confident tone.',
  straightforward: 'Rewrite it plainly and directly.',
  fix_grammar: 'Fix its spelling and grammar only; change nothing else.',
  shorten: 'Make it shorter, keeping every fact.',
  expand: 'Make it fuller and clearer, adding no facts.',
};

/** Placeholders such as {nombre}: a translation or rewrite must keep them as they are. */
const placeholdersOf = (text: string) => (text.match(/\{[^{}\s]+\}/g) ?? []).sort().join(' ');

/**
 * Writing help: translation, rewriting and reply suggestions. Translation and rewriting need a
 * language model (ai_provider_required on the built-in engine: it would be a fake answer). A reply
 * suggestion on the built-in engine is the shop's best knowledge answer to the customer's last
 * question, quoted as it is, or none.
 */
export class AnalysisWritingService {
  constructor(private readonly deps: Services) {}

  async translate(text: string, target: WidgetLanguage, source?: WidgetLanguage) {
    const from = source ?? detectLanguage(text).language;
    const answer = await this.deps.promptAiService.chat({
      surface: 'dashboard',
      task: 'task',
      schema: TEXT_ANSWER,
      messages: [
        {
          role: 'system',
          content:
            'You translate a shop’s message. Keep its meaning, tone, line breaks, emoji and links. Words in curly braces such as {nombre} are placeholders: copy each unchanged. Answer with JSON only: {"text": "<the translation>"}.',
        },
        {
          role: 'user',
          content: `Translate ${from ? `from ${LANGUAGE_NAMES[from]} ` : ''}to ${LANGUAGE_NAMES[target]}:\n\n${text}`,
        },
      ],
    });
    const translated = (answer.data as { text: string }).text;
    this.checkPlaceholders(text, translated);
    return {
      text: translated,
      source_language: from ?? 'und',
      target_language: target,
      engine: answer.engine,
      model: answer.model,
    };
  }

  async rewrite(text: string, style: RewriteStyle, target?: WidgetLanguage) {
    const answer = await this.deps.promptAiService.chat({
      surface: 'dashboard',
      task: 'task',
      schema: TEXT_ANSWER,
      messages: [
        {
          role: 'system',
          content: `You edit a message a shop is about to send a customer. ${STYLE_INSTRUCTIONS[style]} ${
            target ? `Write it in ${LANGUAGE_NAMES[target]}.` : 'Keep its language.'
          } Words in curly braces such as {nombre} are placeholders: copy each unchanged. Answer with JSON only: {"text": "<the message>"}.`,
        },
        { role: 'user', content: text },
      ],
    });
    const rewritten = (answer.data as { text: string }).text;
    this.checkPlaceholders(text, rewritten);
    return { text: rewritten, style, engine: answer.engine, model: answer.model };
  }

  async suggestReply(request: {
    phone: string;
    sessionId?: number;
    tone?: Tone;
    targetLanguage?: WidgetLanguage;
    lastN: number;
  }) {
    const reader = this.deps.analysisConversationReader;
    const conversation = await reader.resolve(request.phone, request.sessionId);
    const messages = (await reader.messages([conversation], { lastN: request.lastN })).get(conversation.id)!;
    const inbound = customerMessages(messages);
    const last = inbound.at(-1);
    const base = { conversation_id: conversation.id, phone: conversation.phone, session_id: conversation.sessionId };
    if (!last)
      return {
        ...base,
        reply: null,
        reason: 'no_customer_message',
        sources: [],
        ...(await this.deps.analysisEngineService.label()),
      };
    const question =
      sentences(last.text)
        .filter((s) => /[?¿]/.test(s))
        .at(-1) ?? last.text;
    const language =
      request.targetLanguage ?? detectLanguage(inbound.map((m) => m.text).join('\n')).language ?? undefined;
    const knowledge = await this.knowledge(question, language);
    if (!(await this.deps.promptAiService.hasLanguageModel())) {
      const best = knowledge[0];
      return {
        ...base,
        reply: best ? best.content : null,
        reason: best ? null : this.knowledgeEnabled() ? 'no_knowledge_match' : 'knowledge_not_enabled',
        answered_message_id: last.id,
        sources: best ? [best] : [],
        method: 'knowledge',
        ...(await this.deps.analysisEngineService.label()),
      };
    }
    const { text: shopPrompt } = await this.deps.promptService.effective('ai_chat_app');
    const answer = await this.deps.promptAiService.chat({
      surface: 'ai_chat_app',
      task: 'chat',
      schema: TEXT_ANSWER,
      messages: [
        {
          role: 'system',
          content: `${shopPrompt}\n\nDraft the shop's next reply to this customer${request.tone ? `, in a ${request.tone} tone` : ''}${
            language ? `, in ${LANGUAGE_NAMES[language]}` : ''
          }. Use only these facts from the shop's knowledge when they help: ${JSON.stringify(
            knowledge.map((k) => ({ title: k.title, content: k.content })),
          )}. Promise nothing the facts do not support. Answer with JSON only: {"text": "<the reply>"}.`,
        },
        { role: 'user', content: transcript(messages) },
      ],
    });
    return {
      ...base,
      reply: (answer.data as { text: string }).text,
      reason: null,
      answered_message_id: last.id,
      sources: knowledge,
      method: 'model',
      engine: answer.engine,
      model: answer.model,
    };
  }

  private knowledgeEnabled(): boolean {
    return this.deps.kernelCatalog.names().includes('knowledge');
  }

  private async knowledge(question: string, language?: WidgetLanguage) {
    if (!this.knowledgeEnabled()) return [];
    const { results } = await this.deps.knowledgeSearchService.search({
      query: question.slice(0, 500),
      surface: 'ai_chat_app',
      ...(language && { language }),
    });
    return results.map((r) => ({
      source: r.source,
      snippet_id: r.source === 'snippet' ? r.id : null,
      document_id: r.document_id,
      heading_path: r.heading_path,
      title: r.title,
      content: r.content,
      score: r.score,
    }));
  }

  private checkPlaceholders(original: string, written: string): void {
    if (placeholdersOf(original) !== placeholdersOf(written))
      throw new ToolError(
        'ai_invalid_output',
        `The model changed the text's placeholders (${placeholdersOf(original) || 'none'} → ${placeholdersOf(written) || 'none'}).`,
        {},
      );
  }
}
