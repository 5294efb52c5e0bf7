import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SnippetOutput } from './snippet-args.js';

export const importKnowledge = defineTool({
  name: 'import_knowledge',
  title: 'Import knowledge',
  description:
    'Creates snippets from a text: csv (header row: title, content or answer, question, kind, tags, language, surfaces, valid_until; comma, semicolon or tab), json (an array of objects with those fields), or markdown (each heading starts a snippet; a heading that is a question makes an FAQ). ' +
    'Valid records are created, invalid ones reported with their line or item; none valid: nothing is written. Status defaults to pending when the shop requires approval. dedupe (default true) skips records equal to an existing snippet.',
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
