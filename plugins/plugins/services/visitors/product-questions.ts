import { takeOne, ToolError, type Services, PublicRefusal } from '../../../../core/index.js';
import type { AssistantAnswer } from '../../../knowledge/surface.js';
import type { WidgetSession } from '../../entities/widget-session.entity.js';
import { serverText } from './server-strings.js';
import { COUNTERS } from './visitor-service.js';
import type { WidgetView } from './widget-view.js';

/** Phones, emails and order numbers: a question holding one is answered but never published. */
const PERSONAL = /[\w.+-]+@[\w-]+\.[\w.]+|\+?\d[\d\s().-]{6,}\d|#\s?\d{3,}/;

/**
 * The product-question widget: a product's FAQs (its published questions, at most the widget's
 * maximum, oldest first), and a visitor's question — a products-group question (source `widget`)
 * that the assistant answers when it is sure, published as an FAQ when the shop lets it and the
 * product has room, else left pending for answer_product_question.
 */
export class ProductQaVisitor {
  constructor(private readonly deps: Services) {}

  async faqs(view: WidgetView, ref: string) {
    const product = await this.product(ref);
    const published = await this.deps.productQuestions.published(product.id);
    return {
      product: { ref, title: product.title },
      faqs: published
        .slice(0, view.faqMaxPerProduct)
        .map((q) => ({ id: q.id, question: q.question, answer: q.answer })),
    };
  }

  async submit(view: WidgetView, session: WidgetSession, ref: string, text: string) {
    const question = text.trim();
    if (!question || question.length > 1_000)
      throw new PublicRefusal(400, 'invalid_message', 'A question has 1 to 1000 characters.');
    const counted = await takeOne(
      this.deps.em,
      COUNTERS,
      this.deps.shop.id,
      `s:${session.id}`,
      view.perSession,
      view.windowSeconds,
    );
    if (!counted.ok)
      throw new PublicRefusal(429, 'rate_limited', 'The question limit of this visit is reached.', {
        limit: view.perSession,
        window_minutes: (view.windowSeconds ?? 0) / 60,
        retry_after_seconds: counted.retryAfterSeconds,
      });
    const product = await this.product(ref);
    const { question: asked } = await this.deps.productQuestions.submit({
      product_id: product.id,
      question,
      source: 'widget',
      ...(session.visitorName && { customer_name: session.visitorName }),
      ...(session.customerPhone && { phone: session.customerPhone }),
      ...(session.customerEmail && { email: session.customerEmail }),
      locale: session.language,
    });
    session.messageCount += 1;
    session.lastMessageAt = new Date();
    await this.deps.em.flush();
    return { questionId: asked.id, productTitle: product.title, alreadyAnswered: asked.answer };
  }

  /** Records the assistant's answer on the question (published when allowed); what the visitor is shown. */
  async settle(
    view: WidgetView,
    session: WidgetSession,
    questionId: number,
    question: string,
    answer: AssistantAnswer | null,
  ) {
    if (!answer?.text) return { answered: false, text: serverText('faq_pending', session.language, view.texts) };
    const published = await this.deps.productQuestions.get(questionId);
    const room = (await this.deps.productQuestions.published(published.productId)).length < view.faqMaxPerProduct;
    const publish = view.faqEnabled && room && !PERSONAL.test(question);
    try {
      await this.deps.productQuestions.answer(questionId, answer.text, publish, false);
    } catch (err) {
      // The products group's own ceiling (its deployment config) may be lower than the widget's.
      if (!(err instanceof ToolError) || err.code !== 'faq_limit_reached') throw err;
      await this.deps.productQuestions.answer(questionId, answer.text, false, false);
    }
    return { answered: true, text: answer.text, published: publish };
  }

  private async product(ref: string) {
    const keys = [{ sku: ref }, { handle: ref }, { external_id: ref }];
    for (const key of keys) {
      try {
        return (await this.deps.productsService.get(key)).product;
      } catch (err) {
        if (!(err instanceof ToolError) || err.code !== 'not_found') throw err;
      }
    }
    throw new PublicRefusal(404, 'not_found', 'This product is not in the shop’s catalogue.');
  }
}
