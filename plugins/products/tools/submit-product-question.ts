import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { QUESTION_SOURCES } from '../entities/values.js';
import { questionPayload } from '../services/payloads.js';
import { QuestionOutput } from './outputs.js';

export const submitProductQuestion = defineTool({
  name: 'submit_product_question',
  title: 'Submit product question',
  description:
    "Records a customer's question about a product for the shop to answer (pending). The same question within 24 hours joins the first. A phone lets the answer reach the customer.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    product_id: Type.Optional(Type.Integer({ minimum: 1 })),
    sku: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    external_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    question: Type.String({ minLength: 1, maxLength: 1000 }),
    customer_name: Type.Optional(Type.String({ maxLength: 200 })),
    phone: Type.Optional(Type.String({ minLength: 6, maxLength: 32 })),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    source: Type.Optional(
      Type.Union(
        QUESTION_SOURCES.map((s) => Type.Literal(s)),
        { default: 'agent' },
      ),
    ),
    locale: Type.Optional(Type.String({ minLength: 2, maxLength: 16 })),
  }),
  output: Type.Object({ question: QuestionOutput, joined: Type.Boolean() }),
  handler: async (args, { services }) => {
    const { question, joined } = await services.productQuestions.submit(args);
    return { question: questionPayload(question), joined };
  },
});
