import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { questionPayload } from '../services/payloads.js';
import { QuestionOutput } from './outputs.js';

export const answerProductQuestion = defineTool({
  name: 'answer_product_question',
  title: 'Answer product question',
  description:
    'The shop’s answer to a product question: answered, or published as one of the product’s FAQs with publish true (at most 5 per product: faq_limit_reached lists them). With notify_customer (default true) the answer goes to the customer once: over the messaging line when the question has a phone, else (or when the line refuses: opt-out, contact window, credits) by email from the shop’s mailbox when it has an email; notified_via says which, notify_error what stood in the way.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({
    question_id: Type.Integer({ minimum: 1 }),
    answer: Type.String({ minLength: 1, maxLength: 4000 }),
    publish: Type.Optional(Type.Boolean({ default: false })),
    notify_customer: Type.Optional(Type.Boolean({ default: true })),
  }),
  output: Type.Object({ question: QuestionOutput }),
  handler: async ({ question_id, answer, publish, notify_customer }, { services }) => ({
    question: questionPayload(
      await services.productQuestions.answer(question_id, answer, publish ?? false, notify_customer ?? true),
    ),
  }),
});
