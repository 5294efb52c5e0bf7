import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { assistantFields } from './args.js';
import { AssistantOutput } from './outputs.js';

export const createDocqaAssistant = defineTool({
  name: 'create_docqa_assistant',
  title: 'Create a document Q&A assistant',
  description:
    'A website assistant that answers only from its own documents, citing them. Add files afterwards with add_docqa_file.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({ display_name: Type.String({ minLength: 1, maxLength: 120 }), ...assistantFields }),
  output: Type.Object({ assistant: AssistantOutput }),
  handler: async (args, { services }) => services.widgetDocqaService.create(args),
});
