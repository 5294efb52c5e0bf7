import { PagingArgs, pageOf, pageOutput, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { QUESTION_SOURCES, QUESTION_STATUSES } from '../entities/values.js';
import { questionPayload } from '../services/payloads.js';
import { QuestionOutput } from './outputs.js';

export const listProductQuestions = defineTool({
  name: 'list_product_questions',
  title: 'List product questions',
  description: "Customers' product questions, newest first, by product, status and source.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    product_id: Type.Optional(Type.Integer({ minimum: 1 })),
    status: Type.Optional(Type.Union(QUESTION_STATUSES.map((s) => Type.Literal(s)))),
    source: Type.Optional(Type.Union(QUESTION_SOURCES.map((s) => Type.Literal(s)))),
    ...PagingArgs,
  }),
  output: pageOutput('questions', QuestionOutput),
  handler: async ({ product_id, status, source, limit, offset }, { services }) => {
    const paging = { limit: limit ?? 20, offset: offset ?? 0 };
    const { questions, count } = await services.productQuestions.list(
      { productId: product_id, status, source },
      paging,
    );
    return pageOf('questions', questions.map(questionPayload), count, paging);
  },
});
