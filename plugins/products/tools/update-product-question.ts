import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { questionPayload } from '../services/payloads.js';
import { QuestionOutput } from './outputs.js';

export const updateProductQuestion = defineTool({
  name: 'update_product_question',
  title: 'Update product question',
  description:
    "Edits a product question's status (published needs an answer, at most 5 FAQs per product; answered unpublishes) or its question or answer text.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    question_id: Type.Integer({ minimum: 1 }),
    status: Type.Optional(Type.Union([Type.Literal('published'), Type.Literal('answered'), Type.Literal('rejected')])),
    question: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    answer: Type.Optional(Type.String({ minLength: 1, maxLength: 4000 })),
  }),
  output: Type.Object({ question: QuestionOutput }),
  handler: async ({ question_id, ...changes }, { services }) => ({
    question: questionPayload(await services.productQuestions.update(question_id, changes)),
  }),
});
