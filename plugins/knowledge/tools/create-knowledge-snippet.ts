import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { optionalSnippetArgs, snippetFieldArgs, SnippetOutput } from './snippet-args.js';

export const createKnowledgeSnippet = defineTool({
  name: 'create_knowledge_snippet',
  title: 'Create knowledge snippet',
  description:
    "Adds something the assistant may know: an answer, policy or product fact (for an FAQ with the customers' question). Active at once, or pending until approve_knowledge_snippet. For long texts use add_knowledge_document.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    title: snippetFieldArgs.title,
    content: snippetFieldArgs.content,
    ...optionalSnippetArgs,
    status: Type.Optional(Type.Enum(['active', 'pending'], { description: 'Default active.' })),
  }),
  output: Type.Object({ snippet: SnippetOutput }),
  handler: async ({ status, ...fields }, { services }) => services.knowledgeSnippetsService.create(fields, status),
});
