import { Type, type Services } from '../../../core/index.js';
import { analyseBuiltin, customerMessages } from './builtin/analyse-conversation.js';
import { foldText, tokens } from './builtin/cue-matcher.js';
import { transcript } from './analysis-engine.js';
import type { ConversationMessage } from './conversation-reader.js';

/** Below this many customer messages there is too little to tag a customer by (Chatwoot's rule too). */
export const MIN_CUSTOMER_MESSAGES = 3;

/** The customer's messages read for tagging: the last 50 across their lines. */
const TAGGING_LAST_N = 50;

/** Tag words match customer words sharing their first five letters (a light stem, as knowledge's search). */
const STEM = 5;

export interface TagSuggestion {
  tag: string;
  /** Not yet a tag in this shop (only with allow_new). */
  new: boolean;
  score: number;
  reason: string;
}

/**
 * auto_tag_customer: tags for a customer, from what they wrote. The shop's existing tags by
 * default (by the shop's tag rules on the topic and intent, by the tag's own words in the
 * customer's messages, or by a tag named like the topic or intent); new ones only with allow_new.
 * A query: it never writes (add_customer_tag does).
 */
export class AnalysisTaggingService {
  constructor(private readonly deps: Services) {}

  async suggest(phone: string, allowNew: boolean) {
    const reader = this.deps.analysisConversationReader;
    const { phone: customer, conversations, messages } = await reader.customerHistory(phone, { lastN: TAGGING_LAST_N });
    const inbound = customerMessages(messages);
    const engine = await this.deps.analysisEngineService.label();
    const existing = await reader.shopTags();
    const own = new Set(await reader.customerTags(customer));
    const base = {
      phone: customer,
      customer_messages: inbound.length,
      already_tagged: existing.filter((t) => own.has(t.toLowerCase())),
      ...engine,
    };
    if (inbound.length < MIN_CUSTOMER_MESSAGES)
      return { ...base, suggestions: [] as TagSuggestion[], reason: 'not_enough_messages' as const };
    const candidates = existing.filter((t) => !own.has(t.toLowerCase()));
    const suggestions =
      engine.engine === 'builtin'
        ? await this.builtin(conversations[0]!, messages, candidates, existing, allowNew)
        : await this.withModel(messages, candidates, existing, allowNew, own);
    return { ...base, suggestions, reason: null };
  }

  private async builtin(
    conversation: Parameters<typeof analyseBuiltin>[0],
    messages: ConversationMessage[],
    candidates: string[],
    existing: string[],
    allowNew: boolean,
  ): Promise<TagSuggestion[]> {
    const settings = await this.deps.analysisSettingsService.current();
    const findings = await analyseBuiltin(conversation, messages, settings.topics);
    const words = tokens(
      customerMessages(messages)
        .map((m) => m.text)
        .join('\n'),
    );
    const stems = new Set(words.map((w) => w.slice(0, STEM)));
    const suggestions = new Map<string, TagSuggestion>();
    const offer = (tag: string, score: number, reason: string, isNew = false) => {
      const kept = suggestions.get(tag.toLowerCase());
      if (!kept || kept.score < score) suggestions.set(tag.toLowerCase(), { tag, new: isNew, score, reason });
    };
    const labels = [findings.topic, findings.intent];
    for (const tag of candidates) {
      const rule = settings.tagRules.find((r) => labels.includes(r.when) && r.tag.toLowerCase() === tag.toLowerCase());
      if (rule) offer(tag, 1, `the shop's rule for ${rule.when}`);
      const folded = foldText(tag).replace(/[^\p{L}\p{N}]+/gu, '_');
      if (labels.includes(folded))
        offer(tag, 0.8, `the conversation's ${folded === findings.topic ? 'topic' : 'intent'}`);
      const tagWords = tokens(tag).filter((w) => w.length >= 3);
      if (tagWords.length > 0 && tagWords.every((w) => stems.has(w.slice(0, STEM))))
        offer(tag, 0.6, `the customer wrote “${tag}”`);
    }
    if (allowNew) {
      const known = new Set(existing.map((t) => t.toLowerCase()));
      for (const label of labels)
        if (!['other', 'greeting', 'general'].includes(label) && !known.has(label))
          offer(label, 0.5, `the conversation's ${label === findings.topic ? 'topic' : 'intent'} (a new tag)`, true);
    }
    return [...suggestions.values()].sort((a, b) => b.score - a.score || a.tag.localeCompare(b.tag));
  }

  private async withModel(
    messages: ConversationMessage[],
    candidates: string[],
    existing: string[],
    allowNew: boolean,
    own: Set<string>,
  ): Promise<TagSuggestion[]> {
    const schema = Type.Object(
      {
        tags: Type.Array(
          Type.Object(
            {
              tag: Type.String({ minLength: 1, maxLength: 50 }),
              score: Type.Number({ minimum: 0, maximum: 1 }),
              reason: Type.String({ maxLength: 300 }),
            },
            { additionalProperties: false },
          ),
          { maxItems: 10 },
        ),
      },
      { additionalProperties: false },
    );
    const answer = await this.deps.promptAiService.chat({
      surface: 'dashboard',
      task: 'task',
      schema,
      messages: [
        {
          role: 'system',
          content:
            `You suggest tags for a shop's customer from their conversation. Existing tags: ${JSON.stringify(candidates)}. ` +
            (allowNew
              ? 'You may also propose a new short tag when none fits.'
              : 'Choose only among the existing tags; propose none if none fits.') +
            ' Messages marked automatic are the shop’s, context only. Answer with JSON only.',
        },
        { role: 'user', content: transcript(messages) },
      ],
    });
    const known = new Map(existing.map((t) => [t.toLowerCase(), t]));
    const offered = new Map(candidates.map((t) => [t.toLowerCase(), t]));
    const suggestions: TagSuggestion[] = [];
    for (const s of (answer.data as { tags: { tag: string; score: number; reason: string }[] }).tags) {
      const key = s.tag.trim().toLowerCase();
      if (own.has(key) || suggestions.some((x) => x.tag.toLowerCase() === key)) continue;
      if (offered.has(key)) suggestions.push({ tag: offered.get(key)!, new: false, score: s.score, reason: s.reason });
      else if (allowNew && !known.has(key))
        suggestions.push({ tag: s.tag.trim(), new: true, score: s.score, reason: s.reason });
    }
    return suggestions.sort((a, b) => b.score - a.score);
  }
}
