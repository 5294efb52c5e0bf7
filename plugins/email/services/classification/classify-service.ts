import { notFound, Type, type Services } from '../../../../core/index.js';
import { EmailMessage } from '../../entities/email-message.entity.js';
import { EmailThread } from '../../entities/email-thread.entity.js';
import { CATEGORIES } from '../../entities/values.js';
import type { Transaction } from '../sync/sync-service.js';
import { classifyByRules, PRIORITIES, type Classification } from './rules.js';

export interface ClassifyOutcome extends Classification {
  thread_id: number;
  classified_by: 'ai' | 'rules';
  /** Why the rules answered although the account asks for the AI (no model configured, the model failed). */
  fallback_reason: string | null;
}

const SCHEMA = Type.Object(
  {
    category: Type.Enum([...CATEGORIES]),
    intent: Type.String({ minLength: 1, maxLength: 40 }),
    priority: Type.Enum([...PRIORITIES]),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
  },
  { additionalProperties: false },
);

/**
 * Category, intent and priority of a thread: from the shop's AI provider (surface `email`) when
 * the account has ai_classification_enabled and the shop has a language model; from the built-in
 * rules otherwise, or when the model fails. Runs outside any transaction (a model call may take
 * seconds) and writes the answer in a short one; `classified_by` says which answered.
 */
export class EmailClassifyService {
  constructor(private readonly deps: Services) {}

  async classify(threadId: number, transaction: Transaction): Promise<ClassifyOutcome> {
    const thread = await this.deps.em.findOne(EmailThread, { id: threadId });
    if (!thread) throw notFound('email_thread', threadId);
    const [latest] = await this.deps.em.find(
      EmailMessage,
      { threadId, direction: 'inbound' },
      { orderBy: { sentAt: 'desc', id: 'desc' }, limit: 1, fields: ['subject', 'bodyText', 'preview', 'fromAddress'] },
    );
    const subject = latest?.subject ?? thread.subject;
    const text = latest?.bodyText ?? latest?.preview ?? '';
    const [account] = await this.deps.emailAccountsService.findAny([thread.accountId]);
    let outcome: ClassifyOutcome = {
      thread_id: threadId,
      ...classifyByRules(subject, text),
      classified_by: 'rules',
      fallback_reason: null,
    };
    if (account?.aiClassificationEnabled) {
      if (!this.deps.kernelCatalog.names().includes('prompt'))
        outcome.fallback_reason = 'the AI runtime (prompt group) is not enabled';
      else if (!(await this.deps.promptAiService.hasLanguageModel()))
        outcome.fallback_reason = 'the shop has no language model (configure_ai_provider)';
      else
        try {
          const answer = await this.deps.promptAiService.chat({
            surface: 'email',
            task: 'task',
            schema: SCHEMA,
            messages: [
              {
                role: 'system',
                content:
                  `You sort a shop's incoming email. Categories: ${CATEGORIES.join(', ')}. intent: a short snake_case label of what the sender wants. ` +
                  'Priority: P0 legal threats, fraud or safety; P1 complaints and urgent problems; P2 ordinary requests; P3 spam, newsletters and thanks. Answer with JSON only.',
              },
              {
                role: 'user',
                content: `From: ${latest?.fromAddress ?? thread.counterpart}\nSubject: ${subject}\n\n${text.slice(0, 6000)}`,
              },
            ],
          });
          const data = answer.data as Classification;
          outcome = {
            thread_id: threadId,
            ...data,
            confidence: Math.round(data.confidence * 100) / 100,
            classified_by: 'ai',
            fallback_reason: null,
          };
        } catch (error) {
          outcome.fallback_reason = `the model failed: ${(error as Error).message}`;
        }
    }
    await transaction(async ({ services }) => {
      await services.em.execute(
        `update email_threads set category = ?, intent = ?, priority = ?, classified_by = ?, updated_at = now() where id = ? and shop_id = ?`,
        [outcome.category, outcome.intent, outcome.priority, outcome.classified_by, threadId, this.deps.shop.id],
      );
    });
    return outcome;
  }

  /** Threads not classified yet (new mail), oldest first, classified one by one. */
  async classifyNew(limit: number, transaction: Transaction): Promise<number> {
    const rows = await this.deps.em.execute<{ id: number }[]>(
      `select id from email_threads where shop_id = ? and classified_by is null and last_inbound_at is not null order by id limit ?`,
      [this.deps.shop.id, limit],
    );
    for (const row of rows) await this.classify(Number(row.id), transaction);
    return rows.length;
  }
}
