import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { documentFieldArgs, documentIdArg, DocumentOutput } from './document-args.js';

export const updateKnowledgeDocument = defineTool({
  name: 'update_knowledge_document',
  title: 'Update knowledge document',
  description:
    "Changes a document's title, language (null: detect again) or surfaces, or replaces its text (content or another file). Old chunks serve searches until replaced.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    id: documentIdArg,
    title: Type.Optional(documentFieldArgs.title),
    content: Type.Optional(documentFieldArgs.content),
    format: Type.Optional(documentFieldArgs.format),
    file_id: Type.Optional(documentFieldArgs.file_id),
    language: Type.Optional(documentFieldArgs.language),
    surfaces: Type.Optional(documentFieldArgs.surfaces),
  }),
  output: Type.Object({ document: DocumentOutput }),
  handler: async ({ id, ...fields }, { services }) => services.knowledgeDocumentsService.update(id, fields),
});
