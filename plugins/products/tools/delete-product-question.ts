import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const deleteProductQuestion = defineTool({
  name: 'delete_product_question',
  title: 'Delete product question',
  description: 'Deletes a product question with its customer data (and its FAQ if published).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({ question_id: Type.Integer({ minimum: 1 }) }),
  output: Type.Object({ deleted: Type.Boolean(), question_id: Type.Integer() }),
  handler: async ({ question_id }, { services }) => {
    await services.productQuestions.delete(question_id);
    return { deleted: true, question_id };
  },
});
