import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { questionPayload } from '../services/payloads.js';
import { QuestionOutput } from './outputs.js';

export const answerProductQuestion = defineTool({
  name: 'answer_product_question',
  title: 'Answer product question',
  description:
    "The shop's answer to a product question, optionally published as one of its FAQs (at most 5 per product). With notify_customer the customer gets it once, by messaging line or else email; notified_via and notify_error say how it went.",
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
