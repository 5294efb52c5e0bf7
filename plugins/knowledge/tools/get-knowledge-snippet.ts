import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { idArg, SnippetOutput } from './snippet-args.js';

export const getKnowledgeSnippet = defineTool({
  name: 'get_knowledge_snippet',
  title: 'Get knowledge snippet',
  description: 'One knowledge snippet with its status.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ id: idArg }),
  output: Type.Object({ snippet: SnippetOutput }),
  handler: async ({ id }, { services }) => services.knowledgeSnippetsService.get(id),
});
