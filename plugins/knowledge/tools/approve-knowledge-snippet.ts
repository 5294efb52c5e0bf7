import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { idArg, SnippetOutput } from './snippet-args.js';

export const approveKnowledgeSnippet = defineTool({
  name: 'approve_knowledge_snippet',
  title: 'Approve knowledge snippet',
  description: 'Activates a pending snippet so the assistant may use it.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'approve',
  input: Type.Object({ id: idArg }),
  output: Type.Object({ snippet: SnippetOutput }),
  handler: async ({ id }, { services }) => services.knowledgeSnippetsService.approve(id),
});
