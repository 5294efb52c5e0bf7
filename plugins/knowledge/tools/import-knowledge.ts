import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SnippetOutput } from './snippet-args.js';

export const importKnowledge = defineTool({
  name: 'import_knowledge',
  title: 'Import knowledge',
  description:
    'Creates snippets from csv (header: title, content or answer, question, kind, tags, language, surfaces, valid_until), json (an array of such objects) or markdown (a snippet per heading; a question heading makes an FAQ). Invalid records are reported and skipped; dedupe skips existing ones.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    format: Type.Enum(['csv', 'json', 'markdown']),
    content: Type.String({ minLength: 1, maxLength: 2_000_000 }),
    status: Type.Optional(Type.Enum(['active', 'pending'])),
    dedupe: Type.Optional(Type.Boolean({ default: true })),
  }),
  output: Type.Object({
    created: Type.Integer(),
    status: Type.String(),
    skipped_duplicates: Type.Array(Type.Object({ at: Type.String(), title: Type.String() })),
    errors: Type.Array(Type.Object({ path: Type.String(), message: Type.String() })),
    snippets: Type.Array(SnippetOutput, { description: 'The first 50 created.' }),
  }),
  handler: async (args, { services }) => services.knowledgeImportService.import(args),
});
