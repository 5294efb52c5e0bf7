import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { productPayload } from '../services/payloads.js';
import { ProductOutput } from './outputs.js';

export const updateProductNotes = defineTool({
  name: 'update_product_notes',
  title: 'Update product notes',
  description:
    "The shop's own overlay on a synced product, kept across syncs: ai_notes the assistant reads with it (null clears), and hidden_from_ai.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    product_id: Type.Integer({ minimum: 1 }),
    ai_notes: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
    hidden_from_ai: Type.Optional(Type.Boolean()),
  }),
  output: Type.Object({ product: ProductOutput }),
  handler: async ({ product_id, ai_notes, hidden_from_ai }, { services }) => ({
    product: productPayload(await services.productsService.updateNotes(product_id, { ai_notes, hidden_from_ai })),
  }),
});
