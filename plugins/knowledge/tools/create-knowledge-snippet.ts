import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { optionalSnippetArgs, snippetFieldArgs, SnippetOutput } from './snippet-args.js';

export const createKnowledgeSnippet = defineTool({
  name: 'create_knowledge_snippet',
  title: 'Create knowledge snippet',
  description:
    'Adds what the assistant may know: an answer, a policy, a product fact (title and content; for an FAQ also the question customers ask). Active at once, or pending (status) until approve_knowledge_snippet. The language is detected when not given; it decides how the text is searched.',
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
