import type { ProductsConfig } from '../../config.js';
import {
  invalidArguments,
  invalidState,
  notFound,
  phoneE164OrNull,
  ToolError,
  type Paging,
  type ServiceDeps,
  foldWords,
} from '../../../../core/index.js';
import { ProductQuestion } from '../../entities/product-question.entity.js';
import type { NotifyChannel, QuestionSource, QuestionStatus } from '../../entities/values.js';
import type { ProductKey } from '../catalog/products-service.js';

const DAY_MS = 86_400_000;

export interface SubmitArgs extends ProductKey {
  question: string;
  customer_name?: string;
  phone?: string;
  email?: string;
  source?: QuestionSource;
  locale?: string;
}

/**
 * Customers' product questions and the shop's answers: the same question about the same product
 * within a day joins the first; an answer goes to the customer once over the messaging line (the
 * one send path: opt-outs, the contact window and credits apply); published answers are the
 * product's FAQs, at most faqMaxPerProduct of them.
 */
export class ProductQuestionsService {
  constructor(private readonly deps: ServiceDeps<ProductsConfig>) {}

  async submit(args: SubmitArgs): Promise<{ question: ProductQuestion; joined: boolean }> {
    const { em, shop } = this.deps;
    const text = args.question.trim();
    const normalized = foldWords(text);
    if (normalized === '') throw invalidArguments('question is blank.', [{ path: 'question', message: 'blank' }]);
    const phone = args.phone === undefined ? null : phoneE164OrNull(args.phone);
    if (args.phone !== undefined && !phone)
      throw invalidArguments('phone is not a phone number with its international prefix.', [
        { path: 'phone', message: 'not a phone' },
      ]);
    const { product } = await this.deps.productsService.get(args);
    const earlier = await em.findOne(
      ProductQuestion,
      { shopId: shop.id, productId: product.id, normalized, createdAt: { $gt: new Date(Date.now() - DAY_MS) } },
      { orderBy: { id: 'asc' } },
    );
    if (earlier) {
      earlier.duplicates += 1;
      await em.flush();
      return { question: earlier, joined: true };
    }
    const question = em.create(ProductQuestion, {
      productId: product.id,
      question: text,
      normalized,
      status: 'pending',
      source: args.source ?? 'agent',
      customerName: args.customer_name?.trim() || null,
      phone,
      email: args.email?.trim().toLowerCase() || null,
      locale: args.locale ?? null,
    } as never);
    await em.flush();
    return { question, joined: false };
  }

  async list(
    filter: { productId?: number; status?: QuestionStatus; source?: QuestionSource },
    paging: Paging,
  ): Promise<{ questions: ProductQuestion[]; count: number }> {
    const [questions, count] = await this.deps.em.findAndCount(
      ProductQuestion,
      {
        shopId: this.deps.shop.id,
        ...(filter.productId !== undefined && { productId: filter.productId }),
        ...(filter.status && { status: filter.status }),
        ...(filter.source && { source: filter.source }),
      },
      { orderBy: { id: 'desc' }, ...paging },
    );
    return { questions, count };
  }

  async get(questionId: number): Promise<ProductQuestion> {
    const question = await this.deps.em.findOne(ProductQuestion, { shopId: this.deps.shop.id, id: questionId });
    if (!question) throw notFound('product_question', questionId);
    return question;
  }

  /** The answer; published as an FAQ when asked; sent to the customer once when they left a phone or an email. */
  async answer(questionId: number, answer: string, publish: boolean, notify: boolean): Promise<ProductQuestion> {
    const question = await this.get(questionId);
    if (question.status === 'rejected')
      throw invalidState('A rejected question is not answered.', {
        current_status: 'rejected',
        allowed: ['pending', 'answered', 'published'],
      });
    question.answer = answer.trim();
    question.answeredAt = new Date();
    question.status = 'answered';
    if (publish) await this.publish(question);
    if (notify && !question.notifiedAt) await this.notify(question);
    await this.deps.em.flush();
    return question;
  }

  async update(
    questionId: number,
    changes: { status?: 'published' | 'answered' | 'rejected'; question?: string; answer?: string },
  ): Promise<ProductQuestion> {
    if (changes.status === undefined && changes.question === undefined && changes.answer === undefined)
      throw invalidArguments('Nothing to change: give status, question or answer.', [
        { path: '', message: 'no field to change' },
      ]);
    const question = await this.get(questionId);
    if (changes.question !== undefined) {
      question.question = changes.question.trim();
      question.normalized = foldWords(changes.question);
    }
    if (changes.answer !== undefined) {
      question.answer = changes.answer.trim();
      question.answeredAt ??= new Date();
      if (question.status === 'pending') question.status = 'answered';
    }
    if (changes.status === 'rejected') {
      question.status = 'rejected';
      question.publishedAt = null;
    } else if (changes.status === 'answered') {
      if (!question.answer)
        throw invalidState('The question has no answer yet.', {
          current_status: question.status,
          allowed: ['answered', 'published'],
        });
      question.status = 'answered';
      question.publishedAt = null;
    } else if (changes.status === 'published') await this.publish(question);
    await this.deps.em.flush();
    return question;
  }

  async delete(questionId: number): Promise<void> {
    const question = await this.get(questionId);
    await this.deps.em.remove(question).flush();
  }

  /** The product's FAQs: its published questions, oldest first. */
  published(productId: number): Promise<ProductQuestion[]> {
    return this.deps.em.find(
      ProductQuestion,
      { shopId: this.deps.shop.id, productId, status: 'published' },
      { orderBy: { publishedAt: 'asc', id: 'asc' } },
    );
  }

  private async publish(question: ProductQuestion): Promise<void> {
    if (!question.answer)
      throw invalidState('Only an answered question is published.', {
        current_status: question.status,
        allowed: ['answered'],
      });
    if (question.status === 'published') return;
    const published = await this.published(question.productId);
    const max = this.deps.config.faqMaxPerProduct;
    if (published.length >= max)
      throw new ToolError(
        'faq_limit_reached',
        `The product has ${max} published questions already: unpublish one first.`,
        {
          max_allowed: max,
          published_ids: published.map((q) => q.id),
        },
      );
    question.status = 'published';
    question.publishedAt = new Date();
  }

  /**
   * The answer to the customer, once: over the messaging line when they left a phone (keyed by the
   * question), else — or when the line refuses (opted out, outside the contact window, no credits,
   * no line) — by email from the shop's mailbox when they left an address (queued in this
   * transaction: the email group's outbox sends it once). What stood in the way is recorded in
   * notifyError, never thrown: the answer itself is kept.
   */
  private async notify(question: ProductQuestion): Promise<void> {
    if (!question.phone && !question.email) {
      question.notifyError = 'the question has no phone or email to answer to';
      return;
    }
    const problems: string[] = [];
    const { product } = await this.deps.productsService.get({ product_id: question.productId });
    const groups = this.deps.kernelCatalog.names();
    if (question.phone) {
      if (!groups.includes('whatsapp_ops')) problems.push('the messaging group (whatsapp_ops) is not enabled');
      else
        try {
          await this.deps.chatappMessagingService.send({
            phone: question.phone,
            text: `${product.title}: ${question.answer}`,
            automatic: true,
            billingSource: 'product_question',
            idempotencyKey: `product-question-${question.id}`,
          });
          return this.notified(question, 'whatsapp', problems);
        } catch (err) {
          if (!(err instanceof ToolError)) throw err;
          problems.push(`${err.code}: ${err.message}`);
        }
    }
    if (question.email) {
      const mailing = groups.includes('email');
      const account = mailing ? await this.deps.emailAccountsService.defaultSender() : null;
      if (!mailing) problems.push('the email group is not enabled');
      else if (!account) problems.push('the shop has no active email account to answer from');
      else
        try {
          // The customer's own words, then the shop's: no framing text in a language the shop may not use.
          await this.deps.emailComposeService.send(
            account.id,
            {
              to: question.email,
              subject: product.title.slice(0, 200),
              body_text: `> ${question.question.replace(/\n/g, '\n> ')}\n\n${question.answer}`,
            },
            { threadStatus: 'closed', ...(question.phone && { phone: question.phone }) },
          );
          return this.notified(question, 'email', problems);
        } catch (err) {
          if (!(err instanceof ToolError)) throw err;
          problems.push(`${err.code}: ${err.message}`);
        }
    }
    question.notifyError = problems.join('; ');
  }

  /** Sent: when and how; notifyError keeps why the first way did not go (a refused phone answered by email). */
  private notified(question: ProductQuestion, via: NotifyChannel, problems: string[]): void {
    question.notifiedAt = new Date();
    question.notifiedVia = via;
    question.notifyError = problems.length > 0 ? problems.join('; ') : null;
  }
}
