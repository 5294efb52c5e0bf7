import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { documentIdArg, DocumentOutput } from './document-args.js';

export const getKnowledgeDocument = defineTool({
  name: 'get_knowledge_document',
  title: 'Get knowledge document',
  description: 'A document with its state (and failure reason) and a page of its chunks with heading paths.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    id: documentIdArg,
    chunk_limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, default: 20 })),
    chunk_offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  }),
  output: Type.Object({
    document: DocumentOutput,
    chunks: Type.Array(
      Type.Object({
        id: Type.Integer(),
        ordinal: Type.Integer(),
        heading_path: Type.Array(Type.String()),
        content: Type.String(),
      }),
    ),
    chunk_limit: Type.Integer(),
    chunk_offset: Type.Integer(),
  }),
  handler: async ({ id, chunk_limit = 20, chunk_offset = 0 }, { services }) =>
    services.knowledgeDocumentsService.get(id, chunk_limit, chunk_offset),
});
