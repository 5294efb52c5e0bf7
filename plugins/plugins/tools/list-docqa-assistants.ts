import { PagingArgs, pageOf, pageOutput, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { AssistantOutput } from './outputs.js';

export const listDocqaAssistants = defineTool({
  name: 'list_docqa_assistants',
  title: 'List document Q&A assistants',
  description: 'Document Q&A assistants, oldest first, with their embed snippets.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ...PagingArgs }),
  output: pageOutput('assistants', AssistantOutput),
  handler: async ({ limit, offset }, { services }) => {
    const paging = { limit: limit ?? 20, offset: offset ?? 0 };
    const { assistants, count } = await services.widgetDocqaService.list(paging);
    return pageOf('assistants', assistants, count, paging);
  },
});
