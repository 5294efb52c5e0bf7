import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { documentFieldArgs, DocumentOutput } from './document-args.js';

export const addKnowledgeDocument = defineTool({
  name: 'add_knowledge_document',
  title: 'Add knowledge document',
  description:
    'Adds a longer text the assistant may quote (a manual, a policy page), as content or as a stored file (processing until a job reads it). It is cut into passages under their headings that search_knowledge finds. At most 1,000 documents per shop.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    title: Type.Optional(documentFieldArgs.title),
    content: Type.Optional(documentFieldArgs.content),
    format: Type.Optional(documentFieldArgs.format),
    file_id: Type.Optional(documentFieldArgs.file_id),
    language: Type.Optional(documentFieldArgs.language),
    surfaces: Type.Optional(documentFieldArgs.surfaces),
  }),
  output: Type.Object({ document: DocumentOutput }),
  handler: async (args, { services }) => services.knowledgeDocumentsService.add(args),
});
