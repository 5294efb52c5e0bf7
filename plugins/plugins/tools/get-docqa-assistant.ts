import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { assistantIdArg } from './args.js';
import { AssistantOutput, FilesOutput } from './outputs.js';

export const getDocqaAssistant = defineTool({
  name: 'get_docqa_assistant',
  title: 'Get a document Q&A assistant',
  description: "An assistant's configuration, embed snippet and files with their processing status.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ assistant_id: assistantIdArg() }),
  output: Type.Object({ assistant: AssistantOutput, ...FilesOutput }),
  handler: async ({ assistant_id }, { services }) => services.widgetDocqaService.get(assistant_id),
});
