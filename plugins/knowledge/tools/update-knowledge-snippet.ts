import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { idArg, optionalSnippetArgs, snippetFieldArgs, SnippetOutput } from './snippet-args.js';

export const updateKnowledgeSnippet = defineTool({
  name: 'update_knowledge_snippet',
  title: 'Update knowledge snippet',
  description: 'Changes a snippet; its status stays, and a new valid_until revives an expired one.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    id: idArg,
    title: Type.Optional(snippetFieldArgs.title),
    content: Type.Optional(snippetFieldArgs.content),
    ...optionalSnippetArgs,
  }),
  output: Type.Object({ snippet: SnippetOutput }),
  handler: async ({ id, ...fields }, { services }) => services.knowledgeSnippetsService.update(id, fields),
});
