import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { idArg, SnippetOutput } from './snippet-args.js';

export const rejectKnowledgeSnippet = defineTool({
  name: 'reject_knowledge_snippet',
  title: 'Reject knowledge snippet',
  description: 'Rejects a pending snippet with a reason; it is kept, never used.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({ id: idArg, reason: Type.Optional(Type.String({ maxLength: 500 })) }),
  output: Type.Object({ snippet: SnippetOutput }),
  handler: async ({ id, reason }, { services }) => services.knowledgeSnippetsService.reject(id, reason),
});
