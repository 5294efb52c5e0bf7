import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SURFACES } from '../../prompt/surface.js';
import { DOCUMENT_FORMATS, DOCUMENT_STATUSES } from '../entities/document.entity.js';
import { DocumentOutput } from './document-args.js';

export const listKnowledgeDocuments = defineTool({
  name: 'list_knowledge_documents',
  title: 'List knowledge documents',
  description: 'Knowledge documents, newest first.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(Type.Enum(DOCUMENT_STATUSES)),
    format: Type.Optional(Type.Enum(DOCUMENT_FORMATS)),
    surface: Type.Optional(Type.Enum([...SURFACES])),
    query: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Words of the title.' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  }),
  output: Type.Object({
    documents: Type.Array(DocumentOutput),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  }),
  handler: async ({ limit = 20, offset = 0, ...filters }, { services }) =>
    services.knowledgeDocumentsService.list(filters, limit, offset),
});
