import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { documentIdArg } from './document-args.js';

export const deleteKnowledgeDocument = defineTool({
  name: 'delete_knowledge_document',
  title: 'Delete knowledge document',
  description: 'Deletes a document and its chunks for good; its stored file stays.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({ id: documentIdArg }),
  output: Type.Object({ deleted: Type.Boolean(), id: Type.Integer() }),
  handler: async ({ id }, { services }) => services.knowledgeDocumentsService.delete(id),
});
